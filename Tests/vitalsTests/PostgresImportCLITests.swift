#if PostgreSQL
    import Foundation
    import GRDB
    import TestSupport
    import VitalsKit
    import VitalsPostgres
    import XCTest

    /// `vitals import apple-health` and `import csv` into a server (COPY) store what the same
    /// imports store in a SQLite file, and a second import into the server finds everything present.
    final class PostgresImportCLITests: XCTestCase {
        private var directory: URL!
        private let environment = postgresCLIEnvironment

        override func setUpWithError() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-pg-import-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDown() { try? FileManager.default.removeItem(at: directory) }

        private func server() throws -> PostgresTestServer { try postgresServer() }

        /// An export of `count` records of three kinds, some with metadata holding a tab, a
        /// backslash and a newline (COPY's escapes), a few exact duplicates.
        private func export(count: Int) -> String {
            var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<HealthData locale="en_US">"#]
            for index in 0..<count {
                let day = 1 + index / 96
                let minute = (index % 96) * 15
                let date = String(format: "2025-03-%02d %02d:%02d:00 +0100", 1 + day % 28, minute / 60, minute % 60)
                switch index % 3 {
                case 0:
                    lines.append(
                        #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="\#(date)" endDate="\#(date)" value="\#(50 + index % 60)"><MetadataEntry key="note" value="a\b&#9;c&#10;d \#(index % 4)"/></Record>"#
                    )
                case 1:
                    lines.append(
                        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" sourceVersion="17.\#(index % 3)" device="iPhone" unit="count" startDate="\#(date)" endDate="\#(date)" value="\#(index % 500)"/>"#
                    )
                default:
                    lines.append(
                        #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="\#(date)" endDate="\#(date)" value="\#(70 + Double(index % 90) / 10)"/>"#
                    )
                }
                if index % 50 == 0 { lines.append(lines[lines.count - 1]) }
            }
            lines.append("</HealthData>")
            return lines.joined(separator: "\n") + "\n"
        }

        /// Every stored sample as one line (value printed the same way from both databases).

        private func fileRows(_ path: String) throws -> [String] {
            try DatabaseQueue(path: path).read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT series, subject, start, "end", utc_offset, value, category, tag, source, metadata,
                            o.source_version, o.device FROM sample LEFT JOIN sample_origin o ON o.id = sample.origin
                        """
                ).map { row in
                    [
                        row[0] as String, row[1], String(row[2] as Int64), String(row[3] as Int64),
                        String(row[4] as Int64),
                        String(row[5] as Double), row[6], row[7], row[8], (row[9] as String?) ?? "NULL",
                        (row[10] as String?) ?? "-", (row[11] as String?) ?? "-",
                    ].joined(separator: "|")
                }.sorted()
            }
        }

        private func serverRows(_ server: PostgresTestServer, _ database: String) throws -> [String] {
            let session = try PostgresSession.open(
                url: server.url(database: database), forWriting: false, environment: [:])
            defer { session.close() }
            return try session.query(
                """
                SELECT series, subject, start, "end", utc_offset, value, category, tag, source, metadata, o.source_version, o.device
                FROM sample LEFT JOIN sample_origin o ON o.id = sample.origin
                """
            ).map { row in
                [
                    row[0].string ?? "", row[1].string ?? "", String(row[2].int64 ?? 0), String(row[3].int64 ?? 0),
                    String(row[4].int64 ?? 0), String(row[5].double ?? 0), row[6].string ?? "", row[7].string ?? "",
                    row[8].string ?? "", row[9].string ?? "NULL", row[10].string ?? "-", row[11].string ?? "-",
                ].joined(separator: "|")
            }.sorted()
        }

        /// Issue #27 item 1 on the server: a food record whose meal only its correlation names
        /// (the correlation after it, or before it) is stored once with the meal, as in the file.
        func testCorrelationTwinsWithTheMealOnOneSideAreStoredOnceOnTheServer() throws {
            let server = try server()
            let database = try server.createDatabase(prefix: "vitals_twins")
            func record(_ time: String, _ grams: Int, meal: String? = nil) -> String {
                #"<Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Food" unit="g" startDate="\#(time)" endDate="\#(time)" value="\#(grams)">"#
                    + (meal.map { #"<MetadataEntry key="meal" value="\#($0)"/>"# } ?? "") + "</Record>"
            }
            func correlation(_ time: String, _ grams: Int, meal: String) -> String {
                #"<Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Food" startDate="\#(time)" endDate="\#(time)">"#
                    + #"<MetadataEntry key="meal" value="\#(meal)"/>"# + record(time, grams) + "</Correlation>"
            }
            var lines: [String] = []
            for day in 1...20 {
                let time = String(format: "2025-03-%02d 12:30:00 +0100", day)
                let pair = [record(time, 20 + day), correlation(time, 20 + day, meal: "Lunch")]
                lines += day % 2 == 0 ? pair : pair.reversed()
            }
            let xml = directory.appendingPathComponent("twins.xml")
            try
                (#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<HealthData locale=\"en_US\">\n"
                + lines.joined(separator: "\n")
                + "\n</HealthData>\n").write(to: xml, atomically: true, encoding: .utf8)
            let file = directory.appendingPathComponent("t.sqlite").path
            for target in [file, server.url(database: database)] {
                let run = try VitalsProcess.run(
                    ["import", "apple-health", xml.path, "--db", target], environment: environment)
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertTrue(run.stdout.contains("20 new, 0 already present, 20 repeated"), run.stdout)
            }
            let rows = try serverRows(server, database)
            XCTAssertEqual(rows, try fileRows(file))
            XCTAssertEqual(rows.count, 20)
            XCTAssertTrue(
                rows.allSatisfy { $0.split(separator: "|", omittingEmptySubsequences: false)[7] == "lunch" }, "\(rows)")
        }

        func testAppleHealthAndCSVImportsIntoTheServerStoreWhatTheFileGets() throws {
            let server = try server()
            let database = try server.createDatabase(prefix: "vitals_import")
            let url = server.url(database: database)
            let xml = directory.appendingPathComponent("export.xml")
            try export(count: 45_000).write(to: xml, atomically: true, encoding: .utf8)
            let file = directory.appendingPathComponent("v.sqlite").path

            let toFile = try VitalsProcess.run(
                ["import", "apple-health", xml.path, "--db", file, "--quiet"], environment: environment)
            XCTAssertEqual(toFile.status, 0, toFile.stderr)
            let toServer = try VitalsProcess.run(
                ["import", "apple-health", xml.path, "--db", url], environment: environment)
            XCTAssertEqual(toServer.status, 0, toServer.stderr)
            let expected = try fileRows(file)
            XCTAssertGreaterThan(expected.count, 30_000)
            XCTAssertTrue(expected.contains { $0.contains("\\") }, "metadata with COPY's special characters")
            XCTAssertEqual(try serverRows(server, database), expected)
            XCTAssertTrue(toServer.stdout.contains("\(expected.count) new, 0 already present"), toServer.stdout)
            let again = try VitalsProcess.run(
                ["import", "apple-health", xml.path, "--db", url], environment: environment)
            XCTAssertEqual(again.status, 0, again.stderr)
            let againFile = try VitalsProcess.run(
                ["import", "apple-health", xml.path, "--db", file], environment: environment)
            // The same counts as a second import into the file, timing aside.
            func counts(_ output: String) -> String? {
                output.split(separator: "\n").first { $0.contains(" new, ") }.map { String($0.prefix { $0 != ";" }) }
            }
            XCTAssertEqual(counts(again.stdout), counts(againFile.stdout))
            XCTAssertEqual(counts(again.stdout)?.hasPrefix("0 new, "), true, again.stdout)
            XCTAssertEqual(try serverRows(server, database).count, expected.count)

            // CSV: the same rows as the file gets, through COPY.
            let csv = directory.appendingPathComponent("w.csv")
            try
                ("date,value\n"
                + (0..<3000).map {
                    "2025-01-\(String(format: "%02d", 1 + $0 % 28))T\(String(format: "%02d", $0 / 150)):\(String(format: "%02d", $0 % 60)):00+01:00,\(60 + Double($0 % 400) / 10)"
                }
                .joined(separator: "\n") + "\n").write(to: csv, atomically: true, encoding: .utf8)
            let csvDatabase = try server.createDatabase(prefix: "vitals_csv")
            let csvFile = directory.appendingPathComponent("c.sqlite").path
            let csvToFile = try VitalsProcess.run(
                ["import", "csv", csv.path, "--series", "body_mass", "--db", csvFile], environment: environment)
            let csvToServer = try VitalsProcess.run(
                ["import", "csv", csv.path, "--series", "body_mass", "--db", server.url(database: csvDatabase)],
                environment: environment)
            XCTAssertEqual(csvToFile.status, 0, csvToFile.stderr)
            XCTAssertEqual(csvToServer.status, 0, csvToServer.stderr)
            XCTAssertEqual(
                csvToFile.stdout.replacingOccurrences(of: csvFile, with: "X"),
                csvToServer.stdout.replacingOccurrences(of: server.url(database: csvDatabase), with: "X"))
            XCTAssertEqual(try serverRows(server, csvDatabase), try fileRows(csvFile))
        }
    }
#endif

#if PostgreSQL
    import Foundation
    import TestSupport
    import XCTest

    /// `vitals catalog push` and `--catalog postgres://…`: the shipped catalog pushed to a server
    /// renders, draws its tree and validates as the YAML does; a row broken on the server is
    /// reported at its table row in every report format.
    final class CatalogPushCLITests: XCTestCase {
        private func server() throws -> PostgresTestServer { try postgresServer() }

        private let environment = postgresCLIEnvironment

        private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
            try VitalsProcess.run(arguments, environment: environment)
        }

        func testTheShippedCatalogReadsTheSameFromTheServer() throws {
            let server = try server()
            let url = server.url(database: try server.createDatabase(prefix: "vitals_catalog_cli"))
            let push = try run(["catalog", "push", "--to", url])
            XCTAssertEqual(push.status, 0, push.stderr)
            XCTAssertTrue(push.stdout.hasPrefix("pushed the catalog to postgres://"), push.stdout)
            XCTAssertTrue(push.stdout.contains("display_metrics "), push.stdout)
            // Idempotent: a second push gives the same tables.
            let rows = try server.psql("SELECT count(*) FROM display_metrics", database: url.databaseName)
            XCTAssertEqual(try run(["catalog", "push", "--to", url]).status, 0)
            XCTAssertEqual(try server.psql("SELECT count(*) FROM display_metrics", database: url.databaseName), rows)

            for arguments in [
                ["render", "--all", "--children", "--as-of", "2026-11-20", "--width", "100"],
                ["render", "--all", "--children", "--as-of", "2026-11-20", "--format", "json"],
                ["tree"], ["validate", "--format", "json"],
            ] {
                let fromFiles = try run(arguments)
                let fromServer = try run(arguments + ["--catalog", url])
                XCTAssertEqual(fromFiles.status, 0, fromFiles.stderr)
                XCTAssertEqual(fromServer.status, 0, fromServer.stderr)
                XCTAssertGreaterThan(fromFiles.stdout.count, 100)
                if arguments[0] == "validate" {
                    // Counted by tables instead of files; the screens, metrics and findings agree.
                    XCTAssertEqual(summary(fromServer.stdout).dropFirst(1), summary(fromFiles.stdout).dropFirst(1))
                } else if fromFiles.stdout != fromServer.stdout {
                    XCTFail(
                        "\(arguments.joined(separator: " ")) differs between the YAML and the tables:\n"
                            + Snapshot.difference(expected: fromFiles.stdout, actual: fromServer.stdout))
                }
            }
        }

        /// The numbers of a JSON report's summary: files, screens, metrics, errors, warnings.
        private func summary(_ json: String) -> [Int] {
            guard let data = json.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let summary = object["summary"] as? [String: Int]
            else { return [] }
            return ["files", "screens", "metrics", "errors", "warnings"].map { summary[$0] ?? -1 }
        }

        func testABrokenRowIsReportedAtItsRowInEveryFormat() throws {
            let server = try server()
            let url = server.url(database: try server.createDatabase(prefix: "vitals_catalog_cli"))
            XCTAssertEqual(try run(["catalog", "push", "--to", url]).status, 0)
            let id =
                try server.psql(
                    """
                    UPDATE display_metrics SET chart_type_id = 'pie'
                    WHERE display_metric_id = (SELECT display_metric_id FROM display_metrics ORDER BY catalog_position LIMIT 1)
                    RETURNING display_metric_id
                    """, database: url.databaseName
                ).split(separator: "\n").first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            XCTAssertFalse(id.isEmpty)
            let row = "display_metrics[display_metric_id=\(id)]"
            let expected: [String: String] = [
                "text": "\(row): error: unknown chart_type_id 'pie'",
                "json":
                    "{\"file\": \"\(row)\", \"line\": 0, \"column\": 0, \"severity\": \"error\", \"rule\": \"unknown-chart-type\", \"message\": \"unknown chart_type_id 'pie'",
                "github": "::error file=\(row),title=unknown-chart-type::unknown chart_type_id 'pie'",
                "sarif": "\"logicalLocations\": [{\"fullyQualifiedName\": \"\(row)\"",
            ]
            for (format, line) in expected {
                let result = try run(["validate", "--catalog", url, "--format", format])
                XCTAssertEqual(result.status, 1, "\(format): \(result.stderr)")
                XCTAssertTrue(result.stdout.contains(line), "\(format):\n\(result.stdout)")
            }
            // The drawing commands draw it with the fallback chart, warning about the row.
            let render = try run(["render", "--all", "--catalog", url])
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertTrue(
                render.stderr.contains(row) && render.stderr.contains("warning: unknown chart_type_id 'pie'"),
                render.stderr)
        }

        func testBadTargetsExitTwoWithOneClearLine() throws {
            let server = try server()
            let empty = server.url(database: try server.createDatabase(prefix: "vitals_catalog_cli"))
            let none = try run(["tree", "--catalog", empty])
            XCTAssertEqual(none.status, 2)
            XCTAssertTrue(none.stderr.contains("holds no catalog"), none.stderr)
            XCTAssertTrue(none.stderr.contains("vitals catalog push --to URL"), none.stderr)
            let notURL = try run(["catalog", "push", "--to", "somewhere"])
            XCTAssertEqual(notURL.status, 2)
            XCTAssertTrue(notURL.stderr.contains("--to takes a postgres:// URL"), notURL.stderr)
            let unreachable = try run(["catalog", "push", "--to", "postgres://me@127.0.0.1:1/db?sslmode=disable"])
            XCTAssertEqual(unreachable.status, 2)
            XCTAssertTrue(
                unreachable.stderr.contains("cannot reach the PostgreSQL server at 127.0.0.1:1"), unreachable.stderr)
            let paths = try run(["validate", "metrics", "--catalog", empty])
            XCTAssertEqual(paths.status, 2, paths.stderr)
        }
    }

    extension String {
        /// The database name of a test server URL (`postgres://postgres@127.0.0.1:5432/NAME?…`).
        fileprivate var databaseName: String {
            String(split(separator: "/").last?.split(separator: "?").first ?? "")
        }
    }
#endif

import XCTest

@testable import VitalsKit

/// The merge sizes the catalog's arrays from the files so far: the metric array is made once
/// for a catalog of uniform files (not copied again when the screen files arrive after the
/// metric files, as `files(under:)` sorts them), and holds little more than it needs.
final class CatalogMergeTests: XCTestCase {
    func testTheMetricArrayIsSizedOnceAndNearlyExactly() {
        var files: [SourceFile] = []
        for screen in 0..<100 {
            let metrics = (0..<10).map { metric in
                "  - {display_metric_id: S\(screen)_M\(metric), display_screen_id: SCREEN_S\(screen), display_name: M, chart_type_id: line}\n"
            }.joined()
            files.append(SourceFile(path: "metrics/s\(screen).yaml", text: "metrics:\n" + metrics))
        }
        let screens = (0..<100).map { "  - {screen_id: SCREEN_S\($0), name: S, pillar: p}\n" }.joined()
        files.append(SourceFile(path: "screens/p.yaml", text: "screens:\n" + screens))
        var merge = CatalogMerge(files: files.count)
        var metricCapacities: [Int] = []
        for file in files {
            merge.add(
                CatalogLoader.FileLoad(
                    name: file.path, path: file.path, text: file.text, reading: FileReading.read(file)))
            if metricCapacities.last != merge.capacity.metrics { metricCapacities.append(merge.capacity.metrics) }
        }
        let loaded = merge.finish()
        XCTAssertEqual(loaded.catalog.metrics.count, 1000)
        XCTAssertEqual(loaded.catalog.screens.count, 100)
        XCTAssertEqual(metricCapacities.count, 1, "the metric array grew more than once: \(metricCapacities)")
        XCTAssertLessThan(merge.capacity.metrics, 1100, "room for far more metrics than the catalog has")
        XCTAssertEqual(loaded.declarations.count, 1100)
    }

    /// As a catalog directory is read (`screens/`, then `metrics/`): the screen files come
    /// first and hold no metrics, which must not make the first guess of the metric array too
    /// small (it was then copied again near the end, old and new array held together).
    func testTheMetricArrayIsSizedOnceWhenTheScreenFilesComeFirst() {
        var files: [SourceFile] = []
        for pillar in 0..<3 {
            let screens = (0..<34).map { "  - {screen_id: SCREEN_S\(pillar * 34 + $0), name: S, pillar: p}\n" }.joined()
            files.append(SourceFile(path: "screens/p\(pillar).yaml", text: "screens:\n" + screens))
        }
        for screen in 0..<100 {
            let metrics = (0..<10).map { metric in
                "  - {display_metric_id: S\(screen)_M\(metric), display_screen_id: SCREEN_S\(screen), display_name: M, chart_type_id: line}\n"
            }.joined()
            files.append(SourceFile(path: "metrics/s\(screen).yaml", text: "metrics:\n" + metrics))
        }
        var merge = CatalogMerge(files: files.count)
        var metricCapacities: [Int] = []
        for file in files {
            merge.add(
                CatalogLoader.FileLoad(
                    name: file.path, path: file.path, text: file.text, reading: FileReading.read(file)))
            if merge.capacity.metrics > 0, metricCapacities.last != merge.capacity.metrics {
                metricCapacities.append(merge.capacity.metrics)
            }
        }
        let loaded = merge.finish()
        XCTAssertEqual(loaded.catalog.metrics.count, 1000)
        XCTAssertEqual(loaded.catalog.screens.count, 102)
        XCTAssertEqual(metricCapacities.count, 1, "the metric array grew more than once: \(metricCapacities)")
        XCTAssertLessThan(merge.capacity.metrics, 1100, "room for far more metrics than the catalog has")
    }
}

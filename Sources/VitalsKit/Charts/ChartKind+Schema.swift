import Foundation

extension CatalogSchema {
    /// Chart type ids: those of `ChartKindFactory`, the one list of chart kinds (with kinds a
    /// package outside this one registered).
    public static var chartTypeIDs: [String] { ChartKindFactory.ids }
}

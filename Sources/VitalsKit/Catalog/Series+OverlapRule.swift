extension Series {
    /// How samples of one series recorded by several sources (phone and watch) over the same
    /// time are counted by `sum`.
    public enum OverlapRule: String, Sendable, CaseIterable {
        /// Within each hour of real time (UTC, by a sample's start) only the
        /// source with the largest total for that hour counts; the hours then add up.
        case hourlyMax = "hourly_max"
        /// Within each hour (UTC, by a sample's start) the highest-ranked source that wrote in
        /// it counts: ranked by the series' `source_priority`, else by the ranking an import
        /// stored (Health Connect's priority list). Unranked sources come after the ranked ones,
        /// among themselves as `hourlyMax` picks; with no ranking at all it is `hourlyMax`.
        case priority
    }
}

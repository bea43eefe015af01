/// What a split chart stacks (`split_by:`): a sample's tag (meal slot) or its category (sleep
/// stage). A catalog spelling anything else is refused by `validate` (`invalid-value`), so
/// a decoded binding only ever holds one of these.
public enum SplitKey: String, Sendable, Hashable, CaseIterable {
    case tag
    case category

    /// The `sample` column a split groups by.
    var column: String { rawValue }
}

import Foundation

extension MilestoneStatus {
    /// The key of the status's word in the language tables.
    public var wordKey: String {
        switch self {
        case .done: return "milestone.done"
        case .next: return "milestone.next"
        case .future: return "milestone.planned"
        case .overdue: return "milestone.overdue"
        }
    }
}

extension DayState {
    /// The key of a judged day's word ("on target", "no data", "pending").
    public var wordKey: String { "state." + rawValue }
}

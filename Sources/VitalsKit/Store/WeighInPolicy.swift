/// Which of a day's several weigh-ins stands for the day (Corgina's three policies): the
/// earliest (the morning weight), the latest, or the mean of them all.
public enum WeighInPolicy: String, Sendable, CaseIterable {
    case first, last, mean

    /// The policy without a `weigh_in` setting where a metric's own aggregate does not say
    /// (a divisor, the protein target's weight): the morning weight.
    public static let standard = WeighInPolicy.first
}

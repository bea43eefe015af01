import VitalsKit

extension GezondheidPage {
    /// The About block's Dutch words: "Over Gewicht", "Wat", "Waarom".
    static let aboutLabels = AboutLabels(heading: "Over", what: "Wat", why: "Waarom")

    /// "Over Gewicht" with the metric's `about_what` and `about_why`; nil when it has neither.
    func aboutBlock(for metric: DisplayMetric) -> ScreenBlock? {
        context.aboutBlock(for: metric, labels: Self.aboutLabels)
    }
}

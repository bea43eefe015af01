import Foundation

/// A colour as text on white paper: catalog colours are chosen for terminals (often dark), so
/// a report darkens one that would be too light to read on white — mixed with black until it
/// reaches WCAG AA for text (4.5:1) — and keeps one that already does. Fills (bars, swatches,
/// bands) keep the catalog colour; only text is darkened.
public enum PaperColor {
    /// WCAG 2 AA for normal text.
    public static let minimumContrast = 4.5

    /// The relative luminance of `rgb` (WCAG 2: sRGB channels linearised, weighted).
    public static func luminance(_ rgb: RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb.red) + 0.7152 * channel(rgb.green) + 0.0722 * channel(rgb.blue)
    }

    /// The contrast ratio of `rgb` on white (1 to 21).
    public static func contrastOnWhite(_ rgb: RGB) -> Double { 1.05 / (luminance(rgb) + 0.05) }

    /// `rgb`, darkened in steps of 2 % towards black until it reads on white at 4.5:1.
    public static func text(_ rgb: RGB) -> RGB {
        var amount = 0.0
        var out = rgb
        while contrastOnWhite(out) < minimumContrast && amount < 1 {
            amount += 0.02
            out = rgb.mixed(with: .black, amount: amount)
        }
        return out
    }

    /// A catalog colour (or `#RRGGBB`) as CSS text colour on paper; `fallback` when it does not parse.
    public static func textHex(_ color: String?, fallback: String = "#222222") -> String {
        guard let rgb = color.flatMap({ RGB(color: $0) }) else { return fallback }
        return SVGChart.hex(text(rgb))
    }
}

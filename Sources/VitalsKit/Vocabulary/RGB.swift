import Foundation

/// A 24-bit colour, parsed from a catalog colour: `#RGB`, `#RRGGBB` or a colour name.
public struct RGB: Sendable, Hashable {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour names a catalog may use: the pillar colours the WellPath guide names, each
    /// fixed to one value (Apple's system colours, light appearance). The one table behind
    /// `validate`, the JSON Schema and the renderers; CONTRIBUTING.md lists it.
    public static let named: [(name: String, rgb: RGB)] = [
        ("red", RGB(red: 0xFF, green: 0x3B, blue: 0x30)),
        ("orange", RGB(red: 0xFF, green: 0x95, blue: 0x00)),
        ("yellow", RGB(red: 0xFF, green: 0xCC, blue: 0x00)),
        ("green", RGB(red: 0x34, green: 0xC7, blue: 0x59)),
        ("mint", RGB(red: 0x00, green: 0xC7, blue: 0xBE)),
        ("cyan", RGB(red: 0x32, green: 0xAD, blue: 0xE6)),
        ("blue", RGB(red: 0x00, green: 0x7A, blue: 0xFF)),
        ("indigo", RGB(red: 0x58, green: 0x56, blue: 0xD6)),
        ("purple", RGB(red: 0xAF, green: 0x52, blue: 0xDE)),
        ("pink", RGB(red: 0xFF, green: 0x2D, blue: 0x55)),
        ("brown", RGB(red: 0xA2, green: 0x84, blue: 0x5E)),
    ]

    /// The names of `named`, in table order.
    public static var colorNames: [String] { named.map(\.name) }

    /// A catalog colour: `#RGB`, `#RRGGBB` (hex digits in either case) or a name of `named`
    /// (lowercase); nil for anything else.
    public init?(color text: String) {
        if let entry = RGB.named.first(where: { $0.name == text }) {
            self = entry.rgb
            return
        }
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.utf8.dropFirst())
        guard digits.count == 3 || digits.count == 6,
            digits.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
            )
        else { return nil }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        self.init(
            red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF),
            blue: UInt8(value & 0xFF))
    }

    /// The same as `init?(color:)`: the renderers' name for it.
    public init?(hex: String) {
        self.init(color: hex)
    }

    /// `#RRGGBB`, uppercase.
    public var hexString: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// This colour mixed with `other`; `amount` 0 keeps self, 1 gives `other`.
    public func mixed(with other: RGB, amount: Double) -> RGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) * (1 - amount) + Double(b) * amount).rounded())))
        }
        return RGB(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    public static let white = RGB(red: 255, green: 255, blue: 255)
    public static let black = RGB(red: 0, green: 0, blue: 0)

    /// The nearest entry of the xterm 256-colour palette (6×6×6 cube or grey ramp).
    var ansi256Index: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ c: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(c)) < abs(levels[$1] - Int(c)) }!
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = RGB(red: UInt8(levels[r]), green: UInt8(levels[g]), blue: UInt8(levels[b]))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let greyValue = UInt8(8 + greyStep * 10)
        let grey = RGB(red: greyValue, green: greyValue, blue: greyValue)
        return distance(to: grey) < distance(to: cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    /// The closest of the 16 standard colours as an SGR foreground code (30–37, 90–97).
    ///
    /// Chosen by hue, not by distance, so a muted green stays green instead of turning grey;
    /// colours with little saturation become black, grey or white by brightness.
    var ansi16Code: Int {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let saturation = high == 0 ? 0 : (high - low) / high
        if saturation < 0.25 {
            return high < 0.25 ? 30 : high < 0.6 ? 90 : high < 0.85 ? 37 : 97
        }
        let delta = high - low
        var hue: Double
        if high == r {
            hue = 60 * ((g - b) / delta).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = 60 * ((b - r) / delta + 2)
        } else {
            hue = 60 * ((r - g) / delta + 4)
        }
        if hue < 0 { hue += 360 }
        // red, yellow, green, cyan, blue, magenta
        let codes = [31, 33, 32, 36, 34, 35]
        let code = codes[Int((hue / 60).rounded()) % 6]
        return high > 0.85 ? code + 60 : code
    }

    /// Squared distance weighted for perceived brightness ("redmean").
    private func distance(to other: RGB) -> Int {
        let dr = Int(red) - Int(other.red)
        let dg = Int(green) - Int(other.green)
        let db = Int(blue) - Int(other.blue)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}

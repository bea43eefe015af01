import Foundation

/// Every stored property of a value, written out through `Mirror` in a canonical form:
/// dictionaries and sets sorted, doubles by their bit pattern (so NaN equals NaN and 0 and −0
/// differ), classes left out. Two values
/// with equal dumps hold the same data, whatever fields their types gain later.
enum CanonicalDump {
    static func of(_ value: Any) -> String {
        if let double = value as? Double { return "d\(double.bitPattern)" }
        if let string = value as? String { return String(reflecting: string) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            return "<class>"
        case .optional:
            return mirror.children.first.map { "some(" + of($0.value) + ")" } ?? "nil"
        case .dictionary, .set:
            return "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "}"
        case .enum where mirror.children.isEmpty:
            return "\(type(of: value)).\(value)"
        default:
            guard mirror.children.count > 0 || mirror.displayStyle != nil else { return String(reflecting: value) }
            let fields = mirror.children.map { ($0.label ?? "") + ": " + of($0.value) }
            return "\(type(of: value))(" + fields.joined(separator: ", ") + ")"
        }
    }
}

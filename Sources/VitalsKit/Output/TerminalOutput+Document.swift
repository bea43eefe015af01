import Foundation

extension ScreenDocument {
    /// The screen as lines of `width` columns in the composing profile's colour and glyphs,
    /// one blank line between blocks.
    public func lines(width: Int) -> [String] {
        var profile = self.profile
        profile.width = width
        return TerminalOutput(profile: profile).lines(self)
    }

    /// One of the document's blocks drawn alone, in the composing profile.
    public func lines(of block: ScreenBlock) -> [String] {
        speaking { TerminalOutput(profile: profile).draw(block).lines(colorLevel: profile.colorLevel) }
    }
}

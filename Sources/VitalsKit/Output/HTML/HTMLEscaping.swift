/// Escaping for modules that write their own HTML (`BlockDrawing.html`).
public enum HTMLEscaping {
    /// Text safe in element content and double-quoted attributes.
    public static func text(_ text: String) -> String { HTMLText.escape(text) }

    /// A catalog colour as CSS, a dark grey when it does not parse.
    public static func color(_ catalogColor: String?) -> String { HTMLText.color(catalogColor, fallback: "#222222") }
}

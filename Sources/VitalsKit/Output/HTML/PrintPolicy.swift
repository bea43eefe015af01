import Foundation

/// What a printed page may do: nothing but show itself.
package enum PrintPolicy {
    /// The page's Content-Security-Policy: no script, frame, image, font, fetch or form
    /// anywhere; only its own inline styles.
    package static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'"

    /// The `<meta>` that sets it (a report page's first element after `<meta charset>`).
    package static let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">"

    /// `html` with the policy in its head: as it is when it already holds it there, else with
    /// the `<meta>` put right after `<head>` (or the doctype, or at the start).
    package static func guarded(_ html: String) -> String {
        if let meta = html.range(of: meta), let headEnd = html.range(of: "</head>", options: .caseInsensitive),
            meta.upperBound <= headEnd.lowerBound,
            !html[..<meta.lowerBound].localizedCaseInsensitiveContains("<script")
        {
            return html
        }
        for anchor in ["<head>", "<!DOCTYPE html>"] {
            if let found = html.range(of: anchor, options: .caseInsensitive) {
                return html.replacingCharacters(in: found, with: html[found] + meta)
            }
        }
        return meta + html
    }

    /// The browser profile's preferences: JavaScript, pop-ups and plug-ins off.
    package static let preferences = Data(
        #"{"profile":{"default_content_setting_values":{"javascript":2,"popups":2,"plugins":2}}}"#.utf8)
}

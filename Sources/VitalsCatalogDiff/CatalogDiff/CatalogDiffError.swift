import VitalsKit

/// Why `vitals diff` cannot compare two catalogs.
package enum CatalogDiffError: VitalsError, Equatable {
    /// The catalog is not inside a git repository.
    case notAGitRepository(path: String, detail: String)
    /// git knows no commit by that name.
    case unknownRevision(String, detail: String)
    /// A revision that would read as an option (`-x`), refused before git sees it.
    case revisionLooksLikeAnOption(String)
    /// Neither `screens/` nor `metrics/` existed there at that revision.
    case noCatalogAtRevision(String, directory: String)
    /// No `git` on the PATH.
    case gitNotFound
    /// git could not be started, or failed otherwise.
    case gitFailed(command: String, detail: String)
    /// git took longer than allowed.
    case gitTimedOut(command: String, seconds: Int)
    /// One side's catalog has errors (printed before this).
    case catalogHasErrors(side: String, errors: Int)
    /// vitals was asked to stop (SIGINT, SIGTERM, SIGHUP) while it took a revision out of
    /// git; git and tar were stopped and the directory removed.
    case interrupted(signal: Int32)

    package var kind: VitalsErrorKind {
        switch self {
        case .revisionLooksLikeAnOption: return .badArgument
        default: return .cannotRun
        }
    }

    package var message: String {
        switch self {
        case .notAGitRepository(let path, let detail):
            return "\(Sanitize.inline(path)) is not in a git repository (\(Sanitize.inline(detail)))"
        case .unknownRevision(let revision, let detail):
            return "unknown git revision '\(Sanitize.inline(revision))' (\(Sanitize.inline(detail)))"
        case .revisionLooksLikeAnOption(let revision):
            return "'\(Sanitize.inline(revision))' is not a revision (it starts with '-')"
        case .noCatalogAtRevision(let revision, let directory):
            let place = directory.isEmpty ? "the repository's root" : Sanitize.inline(directory)
            return "\(Sanitize.inline(revision)) has no screens/ or metrics/ in \(place)"
        case .gitNotFound:
            return "vitals diff REV needs git, which was not found on the PATH"
        case .gitFailed(let command, let detail):
            return "\(Sanitize.inline(command)) failed: \(Sanitize.inline(detail))"
        case .gitTimedOut(let command, let seconds):
            return "\(Sanitize.inline(command)) took more than \(seconds) s and was stopped"
        case .interrupted(let signal):
            return "stopped by signal \(signal) while taking the revision out of git; nothing was left behind"
        case .catalogHasErrors(let side, let errors):
            return
                "the catalog \(Sanitize.inline(side)) has \(errors) error\(errors == 1 ? "" : "s") (above); vitals diff compares two valid catalogs"
        }
    }

    package var hints: [String] {
        switch self {
        case .notAGitRepository, .gitNotFound: return ["compare with a directory instead: vitals diff --against DIR"]
        case .unknownRevision: return ["a branch, tag or commit: vitals diff origin/main, vitals diff HEAD~1"]
        case .catalogHasErrors:
            return ["the lines above name each error's file and line (vitals validate checks a catalog directory)"]
        default: return []
        }
    }
}

import ArgumentParser

/// `--subject ID`, the same in every command that reads or writes one subject's data: the
/// flag, else the settings file's `subject`, else `me`.
struct SubjectOption: ParsableArguments {
    @Option(
        name: .customLong("subject"),
        help: ArgumentHelp("Whose data (default: the settings file's subject, else me).", valueName: "ID"))
    var flag: String?

    /// The subject id this run is about.
    var id: String { RunSettings.subject(flag: flag) }
}

import VitalsKit

/// The importers `vitals` ships, in the order `vitals import FILE` asks them whether they
/// recognise a file: the most particular first, Vitals' own CSV last.
public enum BuiltInImporters {
    public static let all: [any Importer.Type] = [
        AppleHealthImporter.self,
        HealthConnectImporter.self,
        WithingsImporter.self,
        CronometerImporter.self,
        HealthAutoExportImporter.self,
        CSVFileImporter.self,
    ]
}

extension Extensions {
    /// The built-in importers, as an `Extensions` value to add (`Extensions.standard` does).
    public static let builtInImporters = Extensions(importers: BuiltInImporters.all)
}

import Foundation

/// Finds the catalog directories a command should read.
public enum CatalogLocation {
    /// `root/screens` and `root/metrics` when `root` is given; else those of the working
    /// directory when it has them; else the catalog shipped beside the package sources.
    public static func paths(root: String?) -> [String] {
        if let root { return directories(in: root) }
        let cwd = FileManager.default.currentDirectoryPath
        if hasCatalog(cwd) { return directories(in: cwd) }
        if let shipped = shippedRoot { return directories(in: shipped) }
        return directories(in: cwd)
    }

    /// The package checkout this binary was built from, if it is still there.
    public static var shippedRoot: String? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // Sources/VitalsKit/Catalog/<file>
        return hasCatalog(url.path) ? url.path : nil
    }

    public static func hasCatalog(_ root: String) -> Bool {
        var isDirectory: ObjCBool = false
        let screens = (root as NSString).appendingPathComponent("screens")
        return FileManager.default.fileExists(atPath: screens, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func directories(in root: String) -> [String] {
        ["screens", "metrics"].map { (root as NSString).appendingPathComponent($0) }
    }
}

import Foundation

// embed-catalog [--type NAME] OUTPUT ROOT RELATIVE-PATH...
//
// Writes OUTPUT, a Swift source defining `NAME.generatedFiles` (default `ShippedCatalog`): each file's path
// (relative to ROOT) and its exact text as a string literal. Run by EmbedCatalogPlugin at
// build time; the ShippedCatalog tests compare the result with the files on disk.

var arguments = CommandLine.arguments
var typeName = "ShippedCatalog"
if arguments.count >= 3, arguments[1] == "--type" {
    typeName = arguments[2]
    arguments.removeSubrange(1...2)
}
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: embed-catalog [--type NAME] OUTPUT ROOT RELATIVE-PATH...\n".utf8))
    exit(2)
}
let output = arguments[1]
let root = arguments[2]

/// `text` as a Swift string literal, escaping exactly what a literal cannot hold as is.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

var source = """
    // Generated at build time by embed-catalog (Plugins/EmbedCatalogPlugin) from the package's
    // YAML files. Do not edit; edit the YAML.

    extension \(typeName) {
        static let generatedFiles: [File] = [

    """
for relative in arguments.dropFirst(3) {
    let path = (root as NSString).appendingPathComponent(relative)
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("embed-catalog: error: cannot read \(path)\n".utf8))
        exit(1)
    }
    guard let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("embed-catalog: error: \(path) is not UTF-8\n".utf8))
        exit(1)
    }
    source += "        File(path: \(literal(relative)), text: \(literal(text))),\n"
}
source += "    ]\n}\n"

// Write only when the text changed, so an unchanged catalog does not recompile the target.
let previous = FileManager.default.contents(atPath: output).flatMap { String(data: $0, encoding: .utf8) }
if previous != source {
    do {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("embed-catalog: error: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}

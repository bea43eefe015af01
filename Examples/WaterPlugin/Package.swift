// swift-tools-version:6.1
import PackageDescription

// A package outside Vitals that builds its own `vitals` with one more screen module (Water),
// two more chart kinds (`ring`, and `pressure_range` with a data shape of its own), one more
// validation rule (`ring-needs-target`), one more importer (`acme-scale`, a scale's CSV), one more
// output format (`validate --format junit`) and one more store backend (`folder://`). It depends on Vitals by path here; another project would
// name the repository and a version instead.
let package = Package(
    name: "WaterPlugin",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Vitals", path: "../..")
    ],
    targets: [
        .target(
            name: "WaterScreen",
            dependencies: [.product(name: "VitalsKit", package: "Vitals")]
        ),
        .target(
            name: "PressureChart",
            dependencies: [.product(name: "VitalsKit", package: "Vitals")]
        ),
        .target(
            name: "WaterRules",
            dependencies: [.product(name: "VitalsKit", package: "Vitals")]
        ),
        .target(
            name: "ScaleImporter",
            dependencies: [.product(name: "VitalsKit", package: "Vitals")]
        ),
        .target(
            name: "JUnitReport",
            dependencies: [.product(name: "VitalsKit", package: "Vitals")]
        ),
        .target(
            name: "FolderStore",
            dependencies: [
                .product(name: "VitalsKit", package: "Vitals"), .product(name: "VitalsSQLite", package: "Vitals"),
            ]
        ),
        .executableTarget(
            name: "vitals-water",
            dependencies: [
                "WaterScreen", "PressureChart", "WaterRules", "ScaleImporter", "JUnitReport", "FolderStore",
                .product(name: "VitalsCLI", package: "Vitals"),
            ]
        ),
        .testTarget(
            name: "WaterScreenTests",
            dependencies: [
                "WaterScreen", "PressureChart", "WaterRules", .product(name: "VitalsKit", package: "Vitals"),
                .product(name: "VitalsSQLite", package: "Vitals"),
            ]
        ),
        .testTarget(
            name: "ScaleImporterTests",
            dependencies: ["ScaleImporter", .product(name: "VitalsKit", package: "Vitals")]
        ),
        .testTarget(
            name: "JUnitReportTests",
            dependencies: ["JUnitReport", .product(name: "VitalsKit", package: "Vitals")]
        ),
        .testTarget(
            name: "FolderStoreTests",
            dependencies: [
                "FolderStore", .product(name: "VitalsKit", package: "Vitals"),
                .product(name: "VitalsStoreConformance", package: "Vitals"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

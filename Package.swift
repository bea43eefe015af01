// swift-tools-version:6.1
import PackageDescription

/// Custom screen modules: each is a target at Sources/Screens/<Name> depending only on
/// VitalsKit, listed in Sources/VitalsScreens/BuiltInScreens.swift. `vitals new-screen
/// --module` adds a line here.
let screenModules = [
    "ProteinScreen",
    "VegetablesScreen",
    "GezondheidScreen",
    "SleepScreen",
    "TodayScreen",
    "HistoryScreen",
    "PregnancyScreen",
]

/// Dependencies taken only when the PostgreSQL trait is on.
let withPostgreSQL: TargetDependencyCondition? = .when(traits: ["PostgreSQL"])
func postgresProduct(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: withPostgreSQL)
}
func postgresTarget(_ name: String) -> Target.Dependency { .target(name: name, condition: withPostgreSQL) }

let package = Package(
    name: "Vitals",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "VitalsKit", targets: ["VitalsKit"]),
        // The SQLite store, for a plug-in's tests and tools (`SampleStore.inMemory()`).
        .library(name: "VitalsSQLite", targets: ["VitalsSQLite"]),
        // The command line as a library, for packages that build their own `vitals` with more
        // screen modules and chart kinds (Examples/WaterPlugin).
        .library(name: "VitalsCLI", targets: ["VitalsCLI"]),
        // The PostgreSQL store backend (with sync, grants and catalog tables) and its commands,
        // for a package that builds its own `vitals` with the trait on (see `traits` below).
        .library(name: "VitalsPostgres", targets: ["VitalsPostgres"]),
        .library(name: "VitalsPostgresCLI", targets: ["VitalsPostgresCLI"]),
        // The checks every store backend must pass, for a backend's own tests (XCTest).
        .library(name: "VitalsStoreConformance", targets: ["VitalsStoreConformance"]),
        .executable(name: "vitals", targets: ["vitals"]),
    ],
    // What a user does not use must not cost them: the PostgreSQL backend needs SwiftNIO,
    // swift-crypto and BoringSSL (13 more packages, most of the time of a build).
    // Without the trait those packages are neither resolved nor built, for this package and for
    // every package that depends on it; `swift build --traits PostgreSQL` (the README's Install
    // section) builds the `vitals` that ships every feature.
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The PostgreSQL store backend: --db postgres://…, push, pull, grant, revoke, catalog push."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `swift package generate-documentation --target VitalsKit` (a command plugin: nothing of
        // it is built unless asked for).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The PostgreSQL store backend (Sources/VitalsPostgres), only with the trait.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The system's libyaml (pkg-config yaml-0.1): Debian/Ubuntu libyaml-dev, Homebrew libyaml.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The SDK a plug-in links: the vocabulary, YAML, language tables, files, the catalog
        // model and loader, the store seam and queries (the SQLite backend is VitalsSQLite), the
        // chart kinds and what they draw with, the screen document, screen modules, output
        // backends and the validation framework.
        .target(
            name: "VitalsKit",
            dependencies: [
                "CLibYAML",
                "ShippedLanguages",
            ]
        ),
        // The SQLite store (GRDB): the file every vitals keeps its samples in, its schema and
        // migrations. A plug-in's tests open an in-memory one with it.
        .target(
            name: "VitalsSQLite",
            dependencies: ["VitalsKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The layers above the SDK, each a target of its own so the compiler keeps the order:
        // a target uses only those listed before it (README's Layout is drawn from this list).
        // CSV and Apple Health import, CSV and JSON export.
        .target(
            name: "VitalsImport",
            dependencies: ["VitalsKit", "VitalsSQLite", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // The deterministic demo data set, its subjects and its cache.
        .target(name: "VitalsDemo", dependencies: ["VitalsKit", "VitalsSQLite"]),
        // `vitals due` and `vitals summary`: what is due at a moment, a period judged.
        .target(name: "VitalsInsights", dependencies: ["VitalsKit"]),
        // The settings file, which database a command uses, the compiled catalog cache.
        .target(name: "VitalsSettings", dependencies: ["VitalsKit", "VitalsSQLite", "VitalsDemo", "VitalsInsights"]),
        // `vitals report`: periods, shared copies, the adherence report, PDF printing.
        .target(name: "VitalsReports", dependencies: ["VitalsKit"]),
        // What `vitals new-screen` writes.
        .target(name: "VitalsScaffold", dependencies: ["VitalsKit"]),
        // `vitals explore`: the interactive terminal explorer.
        .target(name: "VitalsExplorer", dependencies: ["VitalsKit"]),
        // `vitals diff`: a catalog at a git revision against another, screens drawn on both sides.
        .target(name: "VitalsCatalogDiff", dependencies: ["VitalsKit", "VitalsReports"]),
        // `vitals lsp`: the Language Server Protocol over stdio, on the loader and validator.
        .target(name: "VitalsLanguageServer", dependencies: ["VitalsKit"]),
        // The PostgreSQL store backend: one more `StoreBackend` (Sources/VitalsKit/Store/Backend),
        // with sync, grants and the catalog tables. Its sources are compiled only with the trait.
        .target(
            name: "VitalsPostgres",
            dependencies: [
                "VitalsKit",
                "VitalsSQLite",
                postgresProduct("PostgresNIO", "postgres-nio"),
                postgresProduct("NIOSSL", "swift-nio-ssl"),
                postgresProduct("NIOCore", "swift-nio"),
                postgresProduct("NIOPosix", "swift-nio"),
                postgresProduct("Logging", "swift-log"),
            ]
        ),
        // What every store backend must do the same (SQLite's and PostgreSQL's suites run it).
        .target(
            name: "VitalsStoreConformance",
            dependencies: ["VitalsKit"]
        ),
        // `push`, `pull`, `grant`, `revoke` and `catalog push`, given to `VitalsCLI.main`.
        .target(
            name: "VitalsPostgresCLI",
            dependencies: [
                "VitalsCLI", "VitalsPostgres", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The shipped screens/ and metrics/ YAML, embedded in the binary at build time.
        .target(
            name: "ShippedCatalog",
            plugins: [.plugin(name: "EmbedCatalogPlugin")]
        ),
        // The language tables (languages/*.yaml): the words every backend draws, by language.
        .target(
            name: "ShippedLanguages",
            dependencies: ["ShippedCatalog"],
            plugins: [.plugin(name: "EmbedCatalogPlugin")]
        ),
        .executableTarget(name: "embed-catalog", path: "Sources/EmbedCatalogTool"),
        .plugin(
            name: "EmbedCatalogPlugin",
            capability: .buildTool(),
            dependencies: ["embed-catalog"]
        ),
        // The one list of built-in screen modules (see Sources/VitalsScreens).
        .target(
            name: "VitalsScreens",
            dependencies: ["VitalsKit"] + screenModules.map { .target(name: $0) }
        ),
        // Every command, option and exit code of `vitals` (Sources/VitalsCLI/Commands).
        .target(
            name: "VitalsCLI",
            dependencies: [
                "VitalsKit",
                "VitalsSQLite",
                "VitalsScreens",
                "ShippedCatalog",
                "VitalsImport", "VitalsDemo", "VitalsInsights", "VitalsSettings", "VitalsReports", "VitalsScaffold",
                "VitalsExplorer", "VitalsCatalogDiff",
                "VitalsLanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command line; with the PostgreSQL trait it carries the PostgreSQL backend and its
        // commands as well.
        .executableTarget(name: "vitals", dependencies: ["VitalsCLI", postgresTarget("VitalsPostgresCLI")]),
        // The test suite's one golden-file check (`assertSnapshot`); used only by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "VitalsKitTests",
            dependencies: [
                "VitalsKit", "VitalsSQLite", "VitalsImport", "VitalsDemo", "VitalsInsights", "VitalsSettings",
                "VitalsReports", "VitalsScaffold", "VitalsExplorer", "VitalsCatalogDiff", "ShippedCatalog",
                "TestSupport", "VitalsStoreConformance", postgresTarget("VitalsPostgres"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Goldens"],
            resources: [.copy("Fixtures")]
        ),
        // Every screen (generic and custom) rendered on fixed data, with goldens.
        .testTarget(
            name: "ScreensTests",
            dependencies: [
                "VitalsKit", "VitalsSQLite", "VitalsScreens", "TestSupport", "VitalsImport", "VitalsDemo",
                "VitalsInsights", "VitalsSettings", "VitalsReports", "VitalsScaffold", "VitalsExplorer",
                "VitalsCatalogDiff",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
                + screenModules.map { .target(name: $0) },
            resources: [.copy("Goldens")]
        ),
        // The language server's machinery on fixture catalogs, and its fuzz loop.
        .testTarget(
            name: "VitalsLanguageServerTests",
            dependencies: ["VitalsLanguageServer", "VitalsKit", "VitalsScreens", "VitalsDemo", "VitalsSQLite"]
        ),
        .testTarget(
            name: "vitalsTests",
            dependencies: [
                "vitals", "VitalsCLI", "VitalsKit", "VitalsSQLite", "VitalsScreens", "TestSupport", "VitalsImport",
                "VitalsDemo", "VitalsInsights", "VitalsSettings", "VitalsReports", "VitalsScaffold", "VitalsExplorer",
                "VitalsCatalogDiff",
                postgresTarget("VitalsPostgres"), postgresTarget("VitalsPostgresCLI"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Goldens"]
        ),
    ]
        + screenModules.map { name in
            .target(name: name, dependencies: ["VitalsKit"], path: "Sources/Screens/\(name)")
        },
    swiftLanguageModes: [.v6]
)

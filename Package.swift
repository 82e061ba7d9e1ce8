// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours treats warnings as errors: "zero warnings" is checked by the compiler,
/// not by reading logs.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let algorithms: Target.Dependency = .product(name: "Algorithms", package: "swift-algorithms")

let package = Package(
    name: "listedit",
    // Linux only (README, "Requirements"): the code calls Glibc and reads /proc, and nothing is
    // built on another platform, so none is claimed.
    products: [
        .library(name: "TableKit", targets: ["TableKit"]),
        .library(name: "ListStorage", targets: ["ListStorage"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "TableRendering", targets: ["TableRendering"]),
        .library(name: "KeyBindings", targets: ["KeyBindings"]),
        .library(name: "ListDocument", targets: ["ListDocument"]),
        // The ready terminal host: `TableHost(viewController).run()`, and the curses backend it
        // runs on (`import Terminal` for a `TerminalProgram` of your own).
        .library(name: "TableHost", targets: ["TableHost", "Terminal"]),
        .executable(name: "listedit", targets: ["listedit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `partitioningIndex(where:)`: the binary searches over sorted arrays.
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
        // `make docs`: the DocC catalogs in Sources/<Module>/<Module>.docc, built with docc. A
        // command plugin only: it adds no code to any product and is not built by `swift build`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The ncursesw headers and library, through a static-inline shim (see shim.h). No
        // `pkgConfig:` here: SwiftPM would drop its -D flags with a warning on every build, and
        // the shim defines what they would. The Makefile checks `pkg-config ncursesw` and names
        // the apt package (libncurses-dev) when it is missing.
        .systemLibrary(name: "CNcursesw"),
        // Async-signal-safe terminal restore and signal flags; no curses.
        .target(name: "CTerminalSupport"),
        // The terminal-free core: index paths, batch engine, table, editing driven by intents.
        .target(name: "TableKit", dependencies: [algorithms], swiftSettings: strict),
        // A list's rows as a file holds them: texts, levels, checkboxes, passages and their byte
        // ranges in the read buffer. What the list editor and the file formats share; TableKit
        // knows none of it.
        .target(name: "ListStorage", dependencies: ["TableKit", algorithms], swiftSettings: strict),
        // The terminal layer: keys and events, the cell grid and styles, text width, the line
        // editor, the keymap, and the run loop over a backend protocol; no table code.
        .target(name: "TerminalUI", dependencies: [algorithms], swiftSettings: strict),
        // Files: Markdown, plain text, JSON; atomic save, watching, merging, recovery files.
        .target(
            name: "ListDocument",
            dependencies: ["TableKit", "ListStorage", algorithms, .product(name: "SystemPackage", package: "swift-system")],
            exclude: ["Markdown/README.md"],
            swiftSettings: strict
        ),
        // listedit's one key table: keys to actions per mode, what each action is called.
        .target(name: "KeyBindings", dependencies: ["TableKit", "TerminalUI"], swiftSettings: strict),
        // The table rendered into an in-memory cell grid.
        .target(name: "TableRendering", dependencies: ["TableKit", "TerminalUI", algorithms], swiftSettings: strict),
        // The list editor: the program, its data source and delegate, undo; no terminal.
        .target(name: "ListEditor", dependencies: ["TableKit", "ListStorage", "TerminalUI", "KeyBindings", "TableRendering", "ListDocument", algorithms],
                swiftSettings: strict),
        // Runs any table view controller full screen on the curses backend: bar, table, hints,
        // keys from KeyBindings plus the app's, mouse, resize, Ctrl-Z, signals.
        .target(name: "TableHost", dependencies: ["TableKit", "TerminalUI", "KeyBindings", "TableRendering", "Terminal"], swiftSettings: strict),
        // `listedit demo`: example programs on the public products only, run by TableHost.
        .target(name: "Demos", dependencies: ["TableKit", "TerminalUI", "KeyBindings", "TableRendering", "TableHost"], swiftSettings: strict),
        // The only code that calls ncurses.
        .target(
            name: "Terminal",
            dependencies: ["CNcursesw", "CTerminalSupport", "TerminalUI"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "listedit",
            dependencies: [
                "TableKit", "ListStorage", "TerminalUI", "KeyBindings", "TableRendering", "Terminal", "TableHost", "ListDocument", "ListEditor", "Demos",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // `make bench`: in-process benchmarks (built in release mode).
        .executableTarget(name: "listedit-bench", dependencies: ["ListEditor", "ListDocument", "ListStorage", "TableKit", "TerminalUI", "TableRendering"], swiftSettings: strict),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit", "ListStorage", "TerminalUI", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "ListStorageTests", dependencies: ["ListStorage", "TableKit", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "ListDocumentTests", dependencies: ["ListDocument", "ListStorage", "TableKit", "TestSupport"], exclude: ["Corpus"], swiftSettings: strict),
        .target(name: "TestSupport", dependencies: ["TableKit", "ListStorage", "TerminalUI", "KeyBindings", "TableRendering", "ListDocument"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "TableRenderingTests", dependencies: ["TableRendering", "TerminalUI", "TableKit", "TestSupport"], exclude: ["Goldens"], swiftSettings: strict),
        .testTarget(name: "DemoTests", dependencies: ["Demos", "TableHost", "TerminalUI", "KeyBindings", "TableRendering", "TableKit", "TestSupport"], exclude: ["Goldens"], swiftSettings: strict),
        .testTarget(name: "ListEditorTests", dependencies: ["ListEditor", "TerminalUI", "KeyBindings", "TableRendering", "TableKit", "ListStorage", "ListDocument", "TestSupport"], exclude: ["Goldens", "Kanban"], swiftSettings: strict),
        .target(name: "CSpawn", path: "Tests/CSpawn"),
        .testTarget(name: "CommandTests", dependencies: ["Terminal", "TerminalUI", "ListStorage", "listedit", "TestSupport", "CSpawn"], exclude: ["Goldens"], swiftSettings: strict),
    ]
)


import Foundation

/// Files shaped like the ones people keep lists in, for the random sessions of
/// `EditorSessionTests`: a README with nested link lists (awesome-python's shape), tab-indented
/// lists, neighbouring bullet and ordered lists, lazy continuations, a changelog with multi-line
/// entries, CRLF line endings with YAML front matter, a `9.`→`10.` list, nested tasks.
/// Line endings and tabs are written as escapes so that no editor or Git setting can change them.
/// Then the Kanban boards of `KanbanFileTests` (Tests/ListEditorTests/Kanban: lanes, a done lane,
/// nested cards, the archive, the settings block, CRLF), which open on the board, and a plain
/// file with a `**Complete**` paragraph, where no move may change a checkbox.
enum SessionCorpus {
    static let files: [(name: String, text: String)] = [
        ("awesome.md", awesome), ("tabs.md", tabs), ("neighbours.md", neighbours), ("lazy.md", lazy),
        ("CHANGELOG.md", changelog), ("notes.md", crlfFrontMatter), ("steps.md", nineToTen), ("todo.md", tasks),
        ("done.md", notABoard),
    ] + kanbanNames.map { ($0, kanban($0)) }

    /// The Kanban fixtures, in Tests/ListEditorTests/Kanban.
    static let kanbanNames = ["basic.md", "archive.md", "nested.md", "windows.md"]

    /// A Kanban fixture's text; empty when it cannot be read (`EditorSessionTests` fails then).
    static func kanban(_ name: String) -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Kanban")
        return (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Not a Kanban board (no front matter): `**Complete**` opens a section as a paragraph.
    static let notABoard = """
        # Chores

        - [ ] Sweep the floor
        - [ ] Mop
          - [ ] the hall
        * [x] Water the plants

        # Finished

        **Complete**
        - [x] Wash the dishes
        - [ ] Hang the laundry
          - [x] the sheets

        """

    static let awesome = """
        # Awesome Python [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

        An opinionated list of awesome Python frameworks, libraries, software and resources.

        - [Awesome Python](#awesome-python)
          - [Admin Panels](#admin-panels)
          - [Deep Learning](#deep-learning)
        - [Resources](#resources)

        ---

        ## Admin Panels

        *Libraries for administrative interfaces.*

        - [ajenti](https://github.com/ajenti/ajenti) - The admin panel your servers deserve.
        - [django-grappelli](https://github.com/sehmaschine/django-grappelli) - A jazzy skin for the Django Admin-Interface.
        - [flask-admin](https://github.com/flask-admin/flask-admin) - Simple and extensible administrative interface framework for Flask.

        ## Deep Learning

        *Frameworks for Neural Networks and Deep Learning.*

        - Frameworks
          - [pytorch](https://github.com/pytorch/pytorch) - Tensors and Dynamic neural networks in Python.
          - [tensorflow](https://github.com/tensorflow/tensorflow) - The most popular Deep Learning framework.
          - [keras](https://github.com/keras-team/keras) - A high-level neural networks API.
          - [jax](https://github.com/google/jax) - Composable transformations of Python+NumPy programs.
        - Tools
          - [netron](https://github.com/lutzroeder/netron) - Visualizer for models.

        ## Resources

        * [PyCoder's Weekly](https://pycoders.com/)
        * [Python Weekly](https://www.pythonweekly.com/)
          * [Archive](https://www.pythonweekly.com/archive)

        """

    static let tabs = "# Platforms\n\n- [Cross-Platform](#cross)\n\t- [Qt](https://qt.io)\n\t- [GTK](https://gtk.org)\n\t\t- one.a.i\n- [Web](#web)\n\t- [Django](https://djangoproject.com)\n\n# Later\n\n- plain\n"

    static let neighbours = """
        # Fruit

        - apple
        - banana

        1. one
        2. two
        3. three

        # Tools
        + hammer
        + saw
        - [x] glue
        - [ ] nails

        """

    static let lazy = """
        # Notes

        - a first item whose text
        runs on lazily without indentation
        - second item
          with an indented continuation
        - third

        A paragraph between lists.

        - after the paragraph
        - last one

        """

    static let changelog = """
        # Changelog

        All notable changes to this project will be documented in this file.

        ## [Unreleased]

        ### Added

        - v1.1 Brazilian Portuguese translation.
          It covers every page of the site,
          and the README.
        - v1.1 German Translation
        - v1.1 Spanish translation.

        ### Fixed

        - Improve French translation ([#377](https://github.com/o/keep-a-changelog/pull/377)).
        - Fix typos in Italian translation.

        ## [1.0.0] - 2017-06-20

        ### Changed

        - Start using "changelog" over "change log" since it's the common usage.

        [unreleased]: https://github.com/o/keep-a-changelog/compare/v1.1.1...HEAD

        """

    static let crlfFrontMatter = """
        ---
        title: Plan
        tags: [home]
        ---

        # Week

        - [ ] Call the bank
        - [x] Water plants
          - [ ] Balcony
        - [ ] Buy stamps

        # Someday

        - Learn the cello

        """.replacingOccurrences(of: "\n", with: "\r\n")

    static let nineToTen = """
        # Steps

        7. seven
        8. eight
        9. nine
           with a second line
           - detail

        # Repeated

        1. uno
        1. dos
        1. tres

        """

    static let tasks = """
        # Errands

        - [ ] Renew passport
          - [ ] Find the old one
          - [x] Take a photo
          - [ ] Fill in the form
        - [ ] Trip
          - [ ] Book the train
            - [ ] Check the times
        - [X] Call mum

        # Shopping

        - Milk
        - Eggs

        """
}

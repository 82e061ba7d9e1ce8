import Foundation
import CSpawn
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it with `posix_spawn` and `waitpid`, optionally reading its
/// standard output.
enum Spawn {
    struct Failure: Error { var message: String }

    static func run(_ argv: [String], capture: Bool) throws -> String {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec, and nothing but 0–2 reaches the child: a tmux server started here lives
        // on, and any pipe it inherited (this one, or one another test thread has open) would
        // never see end-of-file until that server exits (seen as 30-second stalls under load).
        if capture { guard le_pipe_cloexec(&fds) == 0 else { throw Failure(message: "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        le_spawn_close_from(&actions, 3)
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        // The child starts with no signal blocked and default handlers: a test thread blocks
        // most signals, and posix_spawn would pass that mask on. A tmux server started with
        // SIGCHLD and SIGHUP blocked never hears its pane exit and ignores kill-server, so it
        // and the listedit in it outlived every test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cargs, environ)
        if capture { close(fds[1]) }
        guard rc == 0 else {
            if capture { close(fds[0]) }
            throw Failure(message: "cannot start \(argv[0])")
        }
        var output: [UInt8] = []
        if capture {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                output += buffer[0..<n]
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}

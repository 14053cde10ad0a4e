#if canImport(Glibc)
    import Glibc
#endif

/// Standard input's echo switched off while a secret is typed, and back on after; nothing when
/// standard input is not a terminal (a pipe, a test).
struct TerminalEcho {
    private var saved: termios?

    static func off() -> TerminalEcho {
        guard isatty(STDIN_FILENO) == 1 else { return TerminalEcho(saved: nil) }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return TerminalEcho(saved: nil) }
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { return TerminalEcho(saved: nil) }
        return TerminalEcho(saved: settings)
    }

    func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }
}

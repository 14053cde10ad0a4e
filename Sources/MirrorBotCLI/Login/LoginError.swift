/// A sign-in that cannot go on: one line naming the problem, never a token or a password.
struct LoginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

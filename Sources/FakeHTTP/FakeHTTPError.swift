/// A failure opening the fake servers' listening socket.
public enum FakeHTTPError: Error, CustomStringConvertible {
    case socket(String, Int32)

    public var description: String {
        switch self {
        case .socket(let call, let code): "fake server: \(call) failed (errno \(code))"
        }
    }
}

import FakeHTTP
import XAPI

extension HTTPResponse {
    /// X's problem JSON: `{title, detail, type, status}`.
    static func problem(_ status: Int, title: String, detail: String, type: String = "about:blank") -> HTTPResponse {
        json(status, XProblem(title: title, detail: detail, type: type, status: status))
    }
}

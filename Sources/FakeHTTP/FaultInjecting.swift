/// A fake server whose requests can be told to fail. Once a fault is armed, the server answers
/// each request on a connection of its own (`FakeHTTPServer.closeEachConnection`), as before
/// keep-alive: a dropped connection then reaches the client as the failure it is.
public protocol FaultInjecting: FakeHTTPHosted {
    /// Changes the pending faults under the server's lock.
    func changeFaults(_ change: (inout FaultPlan<HTTPFault>) -> Void)
}

extension FaultInjecting {
    /// The next `count` requests (to `endpoint`, e.g. `POST /2/tweets`, or any) fail with `fault`.
    public func injectFault(_ fault: HTTPFault, count: Int = 1, endpoint: String? = nil) {
        http.closeEachConnection()
        changeFaults { $0.pending.append(.init(fault: fault, remaining: count, endpoint: endpoint)) }
    }

    /// Every request (to `endpoint`, or any) fails with `fault` with this probability (0 turns it off).
    public func setFaultProbability(_ probability: Double, fault: HTTPFault, endpoint: String? = nil) {
        if probability > 0 { http.closeEachConnection() }
        changeFaults { $0.random = probability > 0 ? (fault, probability, endpoint) : nil }
    }

    /// A seed's `settings.fault` with its `settings.fault_probability` (nothing when that is
    /// missing or 0); a fault name other than `HTTPFault.seedNames` is a `FakeSeedError`.
    public func setSeedFault(_ name: String?, probability: Double?) throws {
        guard let probability, probability > 0 else { return }
        guard let fault = HTTPFault(seedName: name) else {
            throw FakeSeedError("settings.fault \((name ?? "").debugDescription) is not one of \(HTTPFault.seedNames)")
        }
        setFaultProbability(probability, fault: fault)
    }
}

import FakeHTTP

/// A failure the fake server can be told to produce instead of an answer (the fakes share them).
public typealias FakeMastodonFault = HTTPFault

/// Which faults are pending: the next N matching requests, or at random.
typealias FakeMastodonFaultPlan = FaultPlan<HTTPFault>

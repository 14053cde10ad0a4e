import FakeHTTP

/// A failure the server can be told to produce instead of an answer (the fakes share them).
public typealias FakeBlueskyFault = HTTPFault

typealias FakeBlueskyFaultPlan = FaultPlan<HTTPFault>

import FakeHTTP

/// A failure the server can be told to produce instead of an answer (the fakes share them).
public typealias FakeXFault = HTTPFault

/// Which faults are pending: the next N matching requests, or at random.
typealias FakeXFaultPlan = FaultPlan<HTTPFault>

import Foundation

// mirror-bot-fuzz TARGET [libFuzzer options] [corpus folders or input files]
//
// Built by scripts/fuzz.sh with coverage, AddressSanitizer and libFuzzer, it
// fuzzes TARGET (see `FuzzTarget.all`). In a normal build, without libFuzzer,
// it runs each input file given once through TARGET: that is how a crash the
// fuzzer wrote is replayed in a plain debug build or under lldb.
exit(FuzzMain.run(CommandLine.arguments))

import Foundation
import MirrorBotCLI

let status = await MirrorBotCLI.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
)
exit(status)

// MirrorBotCLI

public import ArgumentParser
public import MobileTokenAPI

extension PushPlatform: ExpressibleByArgument {}

extension PushEnvironment: ExpressibleByArgument {}

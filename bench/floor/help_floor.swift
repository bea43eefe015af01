// The start-up floor of a Swift command-line tool on Linux, for bench/goals.sh help: a program
// that imports Foundation (as vitals does), is linked as vitals' release build is (static Swift
// runtime, Foundation and C++ runtime, lld, packed relative relocations) and prints a usage line.
// Whatever `vitals --help` costs above this program is vitals' own; below it no Swift tool
// that uses Foundation can start.
import Foundation

let usage = "usage: help-floor [--help]\n"
FileHandle.standardOutput.write(Data(usage.utf8))

// The system's libyaml (Debian/Ubuntu: libyaml-dev; Homebrew: libyaml), found through
// pkg-config's yaml-0.1. YAMLComposer uses its event parser.
#include <yaml.h>

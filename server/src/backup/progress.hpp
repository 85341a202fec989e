#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace dossier::backup {

// Told how far a step is, the step named as a person reads it ("Copying cases", "Writing the
// backup (bytes)"): one progress bar each.
using Progress =
    std::function<void(const std::string& step, std::int64_t done, std::int64_t total)>;

}  // namespace dossier::backup

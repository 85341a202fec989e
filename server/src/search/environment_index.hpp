#pragma once

#include <memory>

#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::search {

class SearchIndex;

// The index of an environment, in data/<env>/index, with its catalog and language.
Result<std::unique_ptr<SearchIndex>> openEnvironmentIndex(environments::Environment& environment);

}  // namespace dossier::search

#pragma once

namespace dossier::environments {
class Environment;
}

namespace dossier::search {

// A save returns once the search index holds its change, so that a person finds what they just
// saved; the wait is bounded, and an environment without an index does not wait.
void awaitIndexed(environments::Environment& environment);

}  // namespace dossier::search

#pragma once

#include "auth/sessions.hpp"
#include "entities/access.hpp"
#include "entities/entity_type.hpp"
#include "entities/records.hpp"
#include "environments/environment.hpp"

namespace dossier::entities {

// The catalog of an environment (every environment has one, possibly empty).
const Catalog& catalogOf(const environments::Environment& environment);

inline Actor actorOf(const auth::Session& session) {
  return {session.userId, session.username, session.displayName};
}

// "case" or "person" as a route writes it.
std::optional<EntityKind> kindFromRoute(std::string_view word);

}  // namespace dossier::entities

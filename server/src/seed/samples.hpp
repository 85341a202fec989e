#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::seed {

// On an environment's first start, stores the sample records of its samples.yaml (if any):
//
//   persons: [{key: alice, type: IND, values: {firstName: Alice, …}}]
//   cases:   [{key: noise, type: COMP, values: {title: …, complainant: {person: alice}}}]
//
// Person and case fields name other samples by key. Every record is validated like a saved form;
// one that is not valid stops the start with the file, the record and the problem, and nothing is
// stored.
//
// A person sample may name the user whose own record it is (`user: admin`); samplePersonOfUser
// tells it, so that the first start can link the user it creates.
Status seedSamples(environments::Environment& environment);

// Whether this environment's samples were stored already (they are stored once, with the record
// of it, in one transaction).
bool samplesStored(environments::Environment& environment);

std::optional<std::int64_t> samplePersonOfUser(environments::Environment& environment,
                                               std::string_view username);

}  // namespace dossier::seed

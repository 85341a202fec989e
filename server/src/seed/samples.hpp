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
//   persons: [{key: alice, type: IND, values: {firstName: Alice, …}, alternateNames: […], …}]
//   cases:   [{key: noise, type: COMP, values: {title: …, complainant: {person: alice}},
//              documents: […], actions: […], roles: […], crossReferences: […], tasks: […]}]
//   notifications: [{user: admin, message: …, case: noise}]
//
// Person and case fields name earlier samples by key; the other parts of a sample may name any.
// Everything is checked as the screens that make it check it and written through the same write
// paths, in one transaction: one part that is not valid stops the start with the file, the path
// and the problem, and nothing is stored. What needs a user — a document checked out by them, a
// notification waiting for them — is kept for seedSamplesForUsers, since the first start creates
// admin after the samples. Files are read from the environment's folder; their text is read by
// the extraction queue once the server is listening, so the first start stays quick.
//
// A person sample may name the user whose own record it is (`user: admin`); samplePersonOfUser
// tells it, so that the first start can link the user it creates.
Status seedSamples(environments::Environment& environment);

// Whether this environment's samples were stored already (they are stored once, with the record
// of it, in one transaction).
bool samplesStored(environments::Environment& environment);

// Once the first start has created its users: the samples' check-outs (made as their user makes
// one) and notifications. Nothing when nothing waits; tried again at the next start when it
// stops.
Status seedSamplesForUsers(environments::Environment& environment);

std::optional<std::int64_t> samplePersonOfUser(environments::Environment& environment,
                                               std::string_view username);

}  // namespace dossier::seed

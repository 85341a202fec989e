#pragma once

#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::entities {

// On an environment's first start, stores the sample records of its samples.yaml (if any):
//
//   persons: [{key: alice, type: IND, values: {firstName: Alice, …}}]
//   cases:   [{key: noise, type: COMP, values: {title: …, complainant: {person: alice}}}]
//
// Person and case fields name other samples by key. Every record is validated like a saved form;
// one that is not valid stops the start with the file, the record and the problem, and nothing is
// stored.
Status seedSamples(environments::Environment& environment);

}  // namespace dossier::entities

#pragma once

namespace dossier {

// "0.1.0"
const char* productVersion();
// "0.1.0 Build 20261122.1a2b3c4": the form the web app shows (the text before " Build").
const char* fullVersion();

}  // namespace dossier

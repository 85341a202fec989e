#pragma once

#include <string>
#include <string_view>

namespace dossier::auth {

// The QR code of `text` (error correction M) as an SVG document: black modules on white with the
// quiet zone the standard asks for, so that it scans in either theme. Drawn by the server with
// libqrencode, so that the secret in it never leaves for a third party.
std::string qrCodeSvg(std::string_view text);

}  // namespace dossier::auth

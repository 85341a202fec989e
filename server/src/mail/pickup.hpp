#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>

#include "core/result.hpp"

namespace dossier::mail {

// The pickup transport: instead of handing a message to a relay, it is written as an .eml file
// into a folder kept with the environment's data (data/<env>/mail-pickup/), where a mail program
// opens it, a person reads it, or a relay's own pickup service sends it on. It needs no mail
// server, so a demo sends e-mail out of the box.
inline constexpr const char* kPickupFolderName = "mail-pickup";

// A message larger than this is refused, as most relays refuse one.
inline constexpr std::size_t kMaxPickupMessageBytes = 25 * 1024 * 1024;
// Messages waiting in the folder at most: beyond, a message is refused until some are taken away,
// so that a task run again and again cannot fill the disk.
inline constexpr std::size_t kMaxPickupMessages = 10000;
// The part of a file name taken from the subject, at most.
inline constexpr std::size_t kMaxSubjectInFileName = 60;

// Makes the folder when it is missing and checks that a file can be written in it; an error a
// person can act on (it names the folder and the reason) otherwise. The server does not start
// without it.
Status preparePickupFolder(const std::filesystem::path& folder);

// The name a message is written under: when (UTC, so that names sort by time), a random part that
// keeps two messages of the same second apart, and the subject's ASCII letters and digits, lower
// case, joined by dashes — "20261125T101530Z-3f9a1c2b5d7e9f01-your-complaint-cmp-2026-00001.eml".
// Nothing of the subject can make it a path, a hidden file or anything but an .eml name.
std::string pickupFileName(const std::string& subject, std::chrono::system_clock::time_point now);

// Writes the message text into the folder, whole or not at all: into a temporary file whose name
// starts with a dot and does not end .eml (so that whoever reads *.eml never sees half of one),
// flushed to the disk, then renamed. The new file's path.
Result<std::filesystem::path> writeToPickup(const std::filesystem::path& folder,
                                            const std::string& subject, const std::string& text,
                                            std::chrono::system_clock::time_point now);

}  // namespace dossier::mail

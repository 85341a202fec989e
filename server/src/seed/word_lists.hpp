#pragma once

#include <span>
#include <string_view>

namespace dossier::seed {

// The raw material of generated records: names, places and the words of titles and notes.
std::span<const std::string_view> firstNames();
std::span<const std::string_view> surnames();
std::span<const std::string_view> streets();
std::span<const std::string_view> streetKinds();
std::span<const std::string_view> towns();
std::span<const std::string_view> businessWords();
std::span<const std::string_view> businessKinds();
std::span<const std::string_view> titleSubjects();
std::span<const std::string_view> titlePlaces();
std::span<const std::string_view> titleTimes();
std::span<const std::string_view> sentences();
std::span<const std::string_view> syllables();

}  // namespace dossier::seed

#include "seed/word_lists.hpp"

#include <array>

namespace dossier::seed {

namespace {

using namespace std::string_view_literals;

// Most common first: the generator draws early entries far more often, as in real registers.
constexpr std::array kFirstNames = {
    "James"sv,   "Mary"sv,     "John"sv,      "Patricia"sv,  "Robert"sv,  "Jennifer"sv,
    "Michael"sv, "Linda"sv,    "David"sv,     "Elizabeth"sv, "William"sv, "Barbara"sv,
    "Richard"sv, "Susan"sv,    "Joseph"sv,    "Jessica"sv,   "Thomas"sv,  "Sarah"sv,
    "Charles"sv, "Karen"sv,    "Daniel"sv,    "Margaret"sv,  "Matthew"sv, "Emily"sv,
    "Anthony"sv, "Emma"sv,     "Mark"sv,      "Olivia"sv,    "Paul"sv,    "Sophie"sv,
    "Steven"sv,  "Amelia"sv,   "Andrew"sv,    "Grace"sv,     "Kenneth"sv, "Hannah"sv,
    "George"sv,  "Chloe"sv,    "Edward"sv,    "Lucy"sv,      "Peter"sv,   "Ruth"sv,
    "Oliver"sv,  "Isla"sv,     "Harry"sv,     "Ava"sv,       "Jack"sv,    "Mia"sv,
    "Noah"sv,    "Freya"sv,    "Arthur"sv,    "Ivy"sv,       "Leo"sv,     "Rosie"sv,
    "Oscar"sv,   "Evelyn"sv,   "Samuel"sv,    "Alice"sv,     "Henry"sv,   "Florence"sv,
    "Aisha"sv,   "Mohammed"sv, "Priya"sv,     "Ravi"sv,      "Fatima"sv,  "Omar"sv,
    "Chen"sv,    "Mei"sv,      "Kwame"sv,     "Ama"sv,       "Siobhan"sv, "Declan"sv,
    "Niamh"sv,   "Ciaran"sv,   "Agnieszka"sv, "Tomasz"sv,    "Ines"sv,    "Mateo"sv,
    "Yusuf"sv,   "Zara"sv,     "Bronwen"sv,   "Rhys"sv,      "Eilidh"sv,  "Callum"sv};

constexpr std::array kSurnames = {
    "Smith"sv,      "Jones"sv,      "Williams"sv,   "Taylor"sv,       "Brown"sv,    "Davies"sv,
    "Evans"sv,      "Wilson"sv,     "Thomas"sv,     "Johnson"sv,      "Roberts"sv,  "Robinson"sv,
    "Thompson"sv,   "Wright"sv,     "Walker"sv,     "White"sv,        "Edwards"sv,  "Hughes"sv,
    "Green"sv,      "Hall"sv,       "Lewis"sv,      "Harris"sv,       "Clarke"sv,   "Patel"sv,
    "Jackson"sv,    "Wood"sv,       "Turner"sv,     "Martin"sv,       "Cooper"sv,   "Hill"sv,
    "Ward"sv,       "Morris"sv,     "Moore"sv,      "Clark"sv,        "Lee"sv,      "King"sv,
    "Baker"sv,      "Harrison"sv,   "Morgan"sv,     "Allen"sv,        "James"sv,    "Scott"sv,
    "Phillips"sv,   "Watson"sv,     "Davis"sv,      "Parker"sv,       "Price"sv,    "Bennett"sv,
    "Young"sv,      "Griffiths"sv,  "Mitchell"sv,   "Kelly"sv,        "Cook"sv,     "Carter"sv,
    "Richardson"sv, "Bailey"sv,     "Collins"sv,    "Bell"sv,         "Shaw"sv,     "Murphy"sv,
    "Miller"sv,     "Cox"sv,        "Richards"sv,   "Khan"sv,         "Marshall"sv, "Anderson"sv,
    "Simpson"sv,    "Ellis"sv,      "Adams"sv,      "Singh"sv,        "Begum"sv,    "Wilkinson"sv,
    "Foster"sv,     "Chapman"sv,    "Powell"sv,     "Webb"sv,         "Rogers"sv,   "Gray"sv,
    "Mason"sv,      "Ali"sv,        "Hunt"sv,       "Hussain"sv,      "Campbell"sv, "Matthews"sv,
    "Owen"sv,       "Palmer"sv,     "Holmes"sv,     "Mills"sv,        "Barnes"sv,   "Knight"sv,
    "Lloyd"sv,      "Butler"sv,     "Russell"sv,    "Barker"sv,       "Fisher"sv,   "Stevens"sv,
    "Jenkins"sv,    "Murray"sv,     "Dixon"sv,      "Harvey"sv,       "Graham"sv,   "Pearson"sv,
    "Ahmed"sv,      "Fletcher"sv,   "Walsh"sv,      "Kaur"sv,         "Gibson"sv,   "Howard"sv,
    "Andrews"sv,    "Stewart"sv,    "Elliott"sv,    "Reynolds"sv,     "Saunders"sv, "Payne"sv,
    "Fox"sv,        "Ford"sv,       "Pearce"sv,     "Day"sv,          "Brooks"sv,   "West"sv,
    "Lawrence"sv,   "Cole"sv,       "Atkinson"sv,   "Bradley"sv,      "Spencer"sv,  "Gill"sv,
    "Dawson"sv,     "Ball"sv,       "Burton"sv,     "O'Brien"sv,      "Watts"sv,    "Rose"sv,
    "Booth"sv,      "Perry"sv,      "Ryan"sv,       "Grant"sv,        "Wells"sv,    "Armstrong"sv,
    "Francis"sv,    "Rees"sv,       "Hayes"sv,      "Hart"sv,         "Hudson"sv,   "Newman"sv,
    "Barrett"sv,    "Webster"sv,    "Hunter"sv,     "Gregory"sv,      "Carr"sv,     "Lowe"sv,
    "Page"sv,       "Marsh"sv,      "Riley"sv,      "Dunn"sv,         "Woods"sv,    "Parsons"sv,
    "Berry"sv,      "Stone"sv,      "Reid"sv,       "Holland"sv,      "Hawkins"sv,  "Harding"sv,
    "Porter"sv,     "Robertson"sv,  "Newton"sv,     "Oliver"sv,       "Reed"sv,     "Kennedy"sv,
    "Williamson"sv, "Bird"sv,       "Gardner"sv,    "Shah"sv,         "Dean"sv,     "Lane"sv,
    "Cooke"sv,      "Bates"sv,      "Henderson"sv,  "Parry"sv,        "Burgess"sv,  "Bishop"sv,
    "Walton"sv,     "Burns"sv,      "Nicholson"sv,  "Shepherd"sv,     "Ross"sv,     "Cross"sv,
    "Long"sv,       "Freeman"sv,    "Warren"sv,     "Nicholls"sv,     "Hamilton"sv, "Byrne"sv,
    "Sutton"sv,     "McDonald"sv,   "Yates"sv,      "Hodgson"sv,      "Robson"sv,   "Curtis"sv,
    "Hopkins"sv,    "O'Connor"sv,   "Harper"sv,     "Coleman"sv,      "Watkins"sv,  "Moss"sv,
    "McCarthy"sv,   "Chambers"sv,   "O'Neill"sv,    "Griffin"sv,      "Sharp"sv,    "Hardy"sv,
    "Wheeler"sv,    "Potter"sv,     "Osborne"sv,    "Johnston"sv,     "Gordon"sv,   "Doyle"sv,
    "Wallace"sv,    "George"sv,     "Jordan"sv,     "Hutchinson"sv,   "Rowe"sv,     "Burke"sv,
    "May"sv,        "Pritchard"sv,  "Gilbert"sv,    "Willis"sv,       "Higgins"sv,  "Read"sv,
    "Miles"sv,      "Stevenson"sv,  "Stephenson"sv, "Hammond"sv,      "Arnold"sv,   "Buckley"sv,
    "Walters"sv,    "Hewitt"sv,     "Barber"sv,     "Nelson"sv,       "Slater"sv,   "Austin"sv,
    "Sullivan"sv,   "Whitehead"sv,  "Mann"sv,       "Frost"sv,        "Lambert"sv,  "Stephens"sv,
    "Blake"sv,      "Akhtar"sv,     "Lynch"sv,      "Goodwin"sv,      "Barton"sv,   "Woodward"sv,
    "Thomson"sv,    "Cunningham"sv, "Quinn"sv,      "Barnett"sv,      "Baxter"sv,   "Bibi"sv,
    "Clayton"sv,    "Nash"sv,       "Greenwood"sv,  "Jennings"sv,     "Holt"sv,     "Kemp"sv,
    "Poole"sv,      "Gallagher"sv,  "Bond"sv,       "Stokes"sv,       "Tucker"sv,   "Davidson"sv,
    "Fowler"sv,     "Heath"sv,      "Norman"sv,     "Middleton"sv,    "Lawson"sv,   "Banks"sv,
    "French"sv,     "Stanley"sv,    "Jarvis"sv,     "Gibbs"sv,        "Ferguson"sv, "Hayward"sv,
    "Carroll"sv,    "Atkins"sv,     "Pope"sv,       "Kirby"sv,        "Nowak"sv,    "Kowalski"sv,
    "Okafor"sv,     "Mensah"sv,     "Nguyen"sv,     "Wang"sv,         "Rossi"sv,    "Silva"sv,
    "Fernandes"sv,  "Costa"sv,      "Yilmaz"sv,     "Papadopoulos"sv, "Haddad"sv,   "Mahmood"sv};

constexpr std::array kStreets = {"High"sv,    "Station"sv,  "Main"sv,      "Park"sv,   "Church"sv,
                                 "London"sv,  "Victoria"sv, "Green"sv,     "Manor"sv,  "Kings"sv,
                                 "Queens"sv,  "Mill"sv,     "School"sv,    "New"sv,    "Harbour"sv,
                                 "Chapel"sv,  "North"sv,    "West"sv,      "Albert"sv, "Grange"sv,
                                 "Orchard"sv, "Meadow"sv,   "Riverside"sv, "Castle"sv, "Market"sv,
                                 "Bridge"sv,  "Quarry"sv,   "Willow"sv,    "Beech"sv,  "Elm"sv};
constexpr std::array kStreetKinds = {"Street"sv, "Road"sv,  "Lane"sv, "Avenue"sv, "Close"sv,
                                     "Way"sv,    "Drive"sv, "Walk"sv, "Place"sv,  "Terrace"sv};
constexpr std::array kTowns = {"Harbridge"sv,   "Eastwick"sv,  "Millford"sv,     "Ashby"sv,
                               "Caldmoor"sv,    "Redhill"sv,   "Northam"sv,      "Westbury"sv,
                               "Kingsbridge"sv, "Hollowell"sv, "Marlow Green"sv, "Stonebury"sv,
                               "Fairhaven"sv,   "Oakleigh"sv,  "Brampton"sv,     "Lydford"sv,
                               "Thornby"sv,     "Wexcombe"sv,  "Dunmere"sv,      "Silverton"sv};
constexpr std::array kBusinessWords = {
    "Harbour"sv, "Riverside"sv, "Northern"sv, "Green"sv, "Castle"sv,  "Oak"sv,
    "Summit"sv,  "Bridge"sv,    "Anchor"sv,   "Crown"sv, "Phoenix"sv, "Meadow"sv,
    "Granite"sv, "Beacon"sv,    "Willow"sv,   "Union"sv, "Station"sv, "Victoria"sv};
constexpr std::array kBusinessKinds = {"Bar"sv,       "Takeaway"sv,  "Builders Ltd"sv,
                                       "Motors"sv,    "Cafe"sv,      "Hotel"sv,
                                       "Logistics"sv, "Nightclub"sv, "Waste Services"sv,
                                       "Lettings"sv,  "Kitchen"sv,   "Stores"sv,
                                       "Garage"sv,    "Events"sv,    "Taxis"sv,
                                       "Pharmacy"sv,  "Bakery"sv,    "Housing Association"sv};
constexpr std::array kTitleSubjects = {"Loud music"sv,
                                       "Noise"sv,
                                       "Fly-tipping"sv,
                                       "Overflowing bins"sv,
                                       "Parking on the pavement"sv,
                                       "Late night deliveries"sv,
                                       "Barking dog"sv,
                                       "Smoke and fumes"sv,
                                       "Blocked drain"sv,
                                       "Damp and mould"sv,
                                       "Broken street light"sv,
                                       "Graffiti"sv,
                                       "Rats seen"sv,
                                       "Shouting and fighting"sv,
                                       "Building work at night"sv,
                                       "Bonfire smoke"sv,
                                       "Abandoned vehicle"sv,
                                       "Premises licence"sv,
                                       "Alcohol licence"sv,
                                       "Street trading"sv,
                                       "Food hygiene"sv,
                                       "Unsafe scaffolding"sv,
                                       "Odour from kitchen"sv,
                                       "Litter from takeaway"sv,
                                       "Underage sales"sv,
                                       "Outdoor seating"sv,
                                       "Taxi licence"sv,
                                       "Pothole"sv,
                                       "Overgrown hedge"sv,
                                       "Car alarm"sv};
constexpr std::array kTitlePlaces = {"from the bar"sv,          "at the takeaway"sv,
                                     "behind the shops"sv,      "outside the school"sv,
                                     "at the car park"sv,       "from the flat above"sv,
                                     "on the estate"sv,         "at the garage"sv,
                                     "near the harbour"sv,      "at the nightclub"sv,
                                     "at the market"sv,         "by the river path"sv,
                                     "at the community hall"sv, "on the industrial estate"sv,
                                     "at the hotel"sv};
constexpr std::array kTitleTimes = {"after midnight"sv,   "at weekends"sv, "every evening"sv,
                                    "early mornings"sv,   "most days"sv,   "since March"sv,
                                    "during the night"sv, "on Sundays"sv,  ""sv};
constexpr std::array kSentences = {
    "The resident reports that the problem has gone on for several weeks."sv,
    "Windows closed makes no difference to the level of noise."sv,
    "A diary sheet was sent and returned with entries for fourteen nights."sv,
    "The officer visited and spoke to the manager, who agreed to keep doors closed."sv,
    "Photographs of the rubbish were attached to the e-mail."sv,
    "Neighbours on both sides say the same and would give statements."sv,
    "The applicant asked for the hearing to be moved to a later date."sv,
    "Conditions on the licence limit music to the ground floor until eleven."sv,
    "A warning letter was sent by first class post."sv,
    "The caller was upset and asked to be kept informed by phone."sv,
    "CCTV from the car park may show the vehicle registration."sv,
    "The landlord has been contacted about repairs to the roof and gutters."sv,
    "An inspection found food stored above the safe temperature."sv,
    "The waste carrier licence could not be produced on the day."sv,
    "Police attended twice last month and have a log of the incidents."sv,
    "The council tree officer will look at the hedge next week."sv,
    "There is a history of similar complaints at this address."sv,
    "The business owner disputes the times given by the complainant."sv,
    "Measurements with the sound meter were above the night limit."sv,
    "Follow-up visit booked; no further reports since the last letter."sv};
constexpr std::array kSyllables = {"ba"sv,  "kor"sv, "vel"sv, "thi"sv, "mun"sv, "dra"sv, "sel"sv,
                                   "qu"sv,  "zan"sv, "ro"sv,  "fen"sv, "gil"sv, "ast"sv, "wy"sv,
                                   "lor"sv, "pen"sv, "cha"sv, "dun"sv, "ix"sv,  "mer"sv};

}  // namespace

std::span<const std::string_view> firstNames() {
  return kFirstNames;
}
std::span<const std::string_view> surnames() {
  return kSurnames;
}
std::span<const std::string_view> streets() {
  return kStreets;
}
std::span<const std::string_view> streetKinds() {
  return kStreetKinds;
}
std::span<const std::string_view> towns() {
  return kTowns;
}
std::span<const std::string_view> businessWords() {
  return kBusinessWords;
}
std::span<const std::string_view> businessKinds() {
  return kBusinessKinds;
}
std::span<const std::string_view> titleSubjects() {
  return kTitleSubjects;
}
std::span<const std::string_view> titlePlaces() {
  return kTitlePlaces;
}
std::span<const std::string_view> titleTimes() {
  return kTitleTimes;
}
std::span<const std::string_view> sentences() {
  return kSentences;
}
std::span<const std::string_view> syllables() {
  return kSyllables;
}

}  // namespace dossier::seed

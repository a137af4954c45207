import { ARTICLE_TYPES, LOCAL_BUSINESS_TYPES, ORGANIZATION_TYPES } from './schema-families.js';

/**
 * schema.org types Citable recognises: the ones sites publish and search and answer engines read.
 * Not the whole vocabulary; an unknown type is only reported when it looks like a typo of one of these.
 */
const OTHER_TYPES = `
Thing CreativeWork WebPage WebSite AboutPage ContactPage FAQPage QAPage CollectionPage ItemPage ProfilePage
SearchResultsPage CheckoutPage MedicalWebPage RealEstateListing WebPageElement SiteNavigationElement WPHeader
WPFooter WPSideBar WPAdBlock Table BreadcrumbList ListItem ItemList OfferCatalog HowTo HowToStep HowToSection
HowToDirection HowToTip HowToSupply HowToTool HowToItem Question Answer Recipe NutritionInformation Course
CourseInstance JobPosting Occupation SoftwareApplication MobileApplication WebApplication VideoGame
SoftwareSourceCode WebAPI Book Chapter Movie TVSeries TVEpisode TVSeason MusicRecording MusicAlbum MusicPlaylist
MusicComposition Dataset DataCatalog DataDownload Event BusinessEvent ChildrensEvent ComedyEvent DanceEvent
DeliveryEvent EducationEvent EventSeries ExhibitionEvent Festival FoodEvent Hackathon LiteraryEvent MusicEvent
PublicationEvent BroadcastEvent SaleEvent ScreeningEvent SocialEvent SportsEvent TheaterEvent VisualArtsEvent
Place PostalAddress GeoCoordinates GeoShape GeoCircle ContactPoint OpeningHoursSpecification MonetaryAmount
PriceSpecification UnitPriceSpecification CompoundPriceSpecification QuantitativeValue PropertyValue Brand Action
SearchAction EntryPoint ReadAction ViewAction WatchAction ListenAction BuyAction OrderAction CommunicateAction
SubscribeAction DownloadAction InteractionCounter Offer AggregateOffer Demand Service Product ProductGroup
ProductModel IndividualProduct SomeProducts Vehicle Car Motorcycle Review CriticReview EmployerReview UserReview
Recommendation Rating AggregateRating EmployerAggregateRating EndorsementRating Claim ClaimReview MediaObject
ImageObject VideoObject AudioObject Clip VideoGameClip MovieClip TVClip 3DModel MusicVideoObject PodcastEpisode
PodcastSeries PodcastSeason Comment CreativeWorkSeries CreativeWorkSeason Collection SpecialAnnouncement
SpeakableSpecification Person Patient Country State City AdministrativeArea LandmarksOrHistoricalBuildings
TouristAttraction TouristDestination TouristTrip Trip Airport BusStation BusStop TrainStation SubwayStation Park
Museum Beach Mountain LakeBodyOfWater BodyOfWater Zoo Aquarium PlaceOfWorship Church Mosque Synagogue
HinduTemple BuddhistTemple CivicStructure EventVenue MusicVenue PerformingArtsTheater Bridge ParkingFacility
Residence Apartment ApartmentComplex House SingleFamilyResidence Accommodation Room HotelRoom Suite MeetingRoom
Audience PeopleAudience EducationalAudience BusinessAudience DefinedTerm DefinedTermSet CategoryCode
CategoryCodeSet DefinedRegion ShippingDeliveryTime OfferShippingDetails ShippingRateSettings MerchantReturnPolicy
MemberProgram MemberProgramTier Language Duration Distance Energy Mass Intangible StructuredValue Role
OrganizationRole EmployeeRole PerformanceRole Thesis Guide Legislation Map Menu MenuSection MenuItem Photograph
Painting Sculpture Poster Quotation Statement DigitalDocument NoteDigitalDocument PresentationDigitalDocument
SpreadsheetDigitalDocument TextDigitalDocument EmailMessage Message Conversation ArchiveComponent Certification
EducationalOccupationalCredential EducationalOccupationalProgram WorkBasedProgram MonetaryGrant Grant
LearningResource Quiz Syllabus Observation StatisticalPopulation StatisticalVariable DiscussionForumPosting
SocialMediaPosting WebContent HealthTopicContent MathSolver Drug MedicalCondition MedicalProcedure MedicalEntity
MedicalSpecialty Taxi TaxiService FoodService BroadcastService CableOrSatelliteService FinancialProduct
LoanOrCredit MortgageLoan BankAccount PaymentCard CreditCard InvestmentOrDeposit PaymentService
CurrencyConversionService ExchangeRateSpecification Ticket Reservation EventReservation FlightReservation
LodgingReservation Flight BusTrip TrainTrip Order OrderItem Invoice ParcelDelivery Seat VirtualLocation Schedule
Episode Season BookSeries Periodical PublicationIssue PublicationVolume Newspaper Blog ImageGallery VideoGallery
MediaGallery Enumeration DayOfWeek ItemAvailability OfferItemCondition EventStatusType
EventAttendanceModeEnumeration BookFormatType GenderType Offer WarrantyPromise OwnershipInfo ProgramMembership
AlignmentObject CorrectionComment Consortium Legislation LegislationObject AmpStory Atlas Drawing Manuscript
SheetMusic ComicStory ComicIssue ComicSeries Game Code Dataset ExercisePlan Diet MedicalGuideline
MedicalTrial ItemListOrderType SeekToAction Joint PronounceableText Series HowToItem Text URL Date DateTime Time
Number Integer Float Boolean
Chapter Cemetery Crematorium Embassy Playground RVPark CampingPitch Canal Continent Reservoir RiverBodyOfWater
SeaBodyOfWater Waterfall Volcano Pond OceanBodyOfWater Courthouse CityHall DefenceEstablishment LegislativeBuilding
Barcode BoatTerminal BoatTrip HealthInsurancePlan DrugClass Class Property DataFeed DataFeedItem BusOrCoach Muscle
Nerve Vein Vessel Artery Bone Ligament Permit GovernmentPermit Play Taxon Gene Protein BioChemEntity
ChemicalSubstance MolecularEntity Substance DietarySupplement PhysicalTherapy Audiobook CoverArt ComicCoverArt
MusicRelease BedDetails BedType AchieveAction TieAction WinAction LoseAction AssessAction ChooseAction VoteAction
IgnoreAction ReactAction AgreeAction DisagreeAction DislikeAction EndorseAction LikeAction WantAction ReviewAction
FollowAction JoinAction LeaveAction MarryAction RegisterAction UnRegisterAction AskAction CheckInAction
CheckOutAction CommentAction InformAction InviteAction ReplyAction ShareAction ConfirmAction RsvpAction
BefriendAction TradeAction DonateAction OrderAction PayAction PreOrderAction QuoteAction RentAction SellAction
TipAction TransferAction BorrowAction GiveAction LendAction MoneyTransfer ReceiveAction ReturnAction SendAction
TakeAction UpdateAction AddAction InsertAction AppendAction PrependAction DeleteAction ReplaceAction CreateAction
CookAction DrawAction FilmAction PaintAction PhotographAction WriteAction FindAction CheckAction DiscoverAction
TrackAction InteractAction PlayAction ExerciseAction PerformAction MoveAction ArriveAction DepartAction
TravelAction ConsumeAction DrinkAction EatAction InstallAction PlayGameAction UseAction WearAction
OrganizeAction AllocateAction AcceptAction AssignAction AuthorizeAction RejectAction ApplyAction BookmarkAction
PlanAction CancelAction ReserveAction ScheduleAction ControlAction ActivateAction DeactivateAction ResumeAction
SuspendAction SolveMathAction
`;

export const KNOWN_SCHEMA_TYPES: ReadonlySet<string> = new Set([
  ...OTHER_TYPES.split(/\s+/).filter(Boolean),
  ...ARTICLE_TYPES,
  ...LOCAL_BUSINESS_TYPES,
  ...ORGANIZATION_TYPES,
]);

export function isKnownSchemaType(type: string): boolean {
  return KNOWN_SCHEMA_TYPES.has(type);
}

/** schema.org type names are PascalCase identifiers (a few start with a digit, e.g. 3DModel). */
export function looksLikeTypeName(type: string): boolean {
  return /^[A-Z0-9][A-Za-z0-9]*$/.test(type);
}

/**
 * The known type an unknown one was probably meant to be (`Artical` → `Article`, `article` → `Article`),
 * or null when it is not close to any.
 */
export function suggestSchemaType(type: string): string | null {
  const lower = type.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const known of KNOWN_SCHEMA_TYPES) {
    if (known.toLowerCase() === lower) return known;
    if (Math.abs(known.length - type.length) > 2) continue;
    const d = editDistance(lower, known.toLowerCase(), 2);
    if (d < bestDistance) {
      bestDistance = d;
      best = known;
    }
  }
  const allowed = type.length >= 6 ? 2 : type.length >= 4 ? 1 : 0;
  return bestDistance <= allowed ? best : null;
}

/** Levenshtein distance with adjacent transpositions, giving up above `cap` (returns cap + 1). */
function editDistance(a: string, b: string, cap: number): number {
  if (a === b) return 0;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2]! + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

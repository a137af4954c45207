/**
 * schema.org type families the rules reason about (a subtype inherits its family's requirements).
 * Lists hold the subtypes sites actually publish; see schema.org's type hierarchy.
 */

export const ARTICLE_TYPES: readonly string[] = [
  'Article', 'NewsArticle', 'AnalysisNewsArticle', 'AskPublicNewsArticle', 'BackgroundNewsArticle',
  'OpinionNewsArticle', 'ReportageNewsArticle', 'ReviewNewsArticle', 'BlogPosting', 'LiveBlogPosting',
  'TechArticle', 'APIReference', 'ScholarlyArticle', 'MedicalScholarlyArticle', 'Report',
  'SatiricalArticle', 'AdvertiserContentArticle',
];

export const LOCAL_BUSINESS_TYPES: readonly string[] = [
  'LocalBusiness', 'AnimalShelter', 'ArchiveOrganization', 'AutomotiveBusiness', 'AutoBodyShop', 'AutoDealer',
  'AutoPartsStore', 'AutoRental', 'AutoRepair', 'AutoWash', 'GasStation', 'MotorcycleDealer', 'MotorcycleRepair',
  'ChildCare', 'Dentist', 'DryCleaningOrLaundry', 'EmergencyService', 'FireStation', 'Hospital', 'PoliceStation',
  'EmploymentAgency', 'EntertainmentBusiness', 'AdultEntertainment', 'AmusementPark', 'ArtGallery', 'Casino',
  'ComedyClub', 'MovieTheater', 'NightClub', 'FinancialService', 'AccountingService', 'AutomatedTeller',
  'BankOrCreditUnion', 'InsuranceAgency', 'FoodEstablishment', 'Bakery', 'BarOrPub', 'Brewery', 'CafeOrCoffeeShop',
  'Distillery', 'FastFoodRestaurant', 'IceCreamShop', 'Restaurant', 'Winery', 'GovernmentOffice', 'PostOffice',
  'HealthAndBeautyBusiness', 'BeautySalon', 'DaySpa', 'HairSalon', 'HealthClub', 'NailSalon', 'TattooParlor',
  'HomeAndConstructionBusiness', 'Electrician', 'GeneralContractor', 'HVACBusiness', 'HousePainter', 'Locksmith',
  'MovingCompany', 'Plumber', 'RoofingContractor', 'InternetCafe', 'LegalService', 'Attorney', 'Notary', 'Library',
  'LodgingBusiness', 'BedAndBreakfast', 'Campground', 'Hostel', 'Hotel', 'Motel', 'Resort', 'SkiResort',
  'VacationRental', 'MedicalBusiness', 'CommunityHealth', 'Dermatology', 'DietNutrition', 'Emergency', 'Geriatric',
  'Gynecologic', 'MedicalClinic', 'Midwifery', 'Nursing', 'Obstetric', 'Oncologic', 'Optician', 'Optometric',
  'Otolaryngologic', 'Pediatric', 'Pharmacy', 'Physician', 'Physiotherapy', 'PlasticSurgery', 'Podiatric',
  'PrimaryCare', 'Psychiatric', 'PublicHealth', 'ProfessionalService', 'RadioStation', 'RealEstateAgent',
  'RecyclingCenter', 'SelfStorage', 'ShoppingCenter', 'SportsActivityLocation', 'BowlingAlley', 'ExerciseGym',
  'GolfCourse', 'PublicSwimmingPool', 'SportsClub', 'StadiumOrArena', 'TennisComplex', 'Store', 'BikeStore',
  'BookStore', 'ClothingStore', 'ComputerStore', 'ConvenienceStore', 'DepartmentStore', 'ElectronicsStore',
  'Florist', 'FurnitureStore', 'GardenStore', 'GroceryStore', 'HardwareStore', 'HobbyShop', 'HomeGoodsStore',
  'JewelryStore', 'LiquorStore', 'MensClothingStore', 'MobilePhoneStore', 'MovieRentalStore', 'MusicStore',
  'OfficeEquipmentStore', 'OutletStore', 'PawnShop', 'PetStore', 'ShoeStore', 'SportingGoodsStore', 'TireShop',
  'ToyStore', 'WholesaleStore', 'TelevisionStation', 'TouristInformationCenter', 'TravelAgency',
];

/** Organization and its subtypes other than LocalBusiness (which has its own list above). */
export const ORGANIZATION_TYPES: readonly string[] = [
  'Organization', 'Corporation', 'NGO', 'EducationalOrganization', 'CollegeOrUniversity', 'ElementarySchool',
  'HighSchool', 'MiddleSchool', 'Preschool', 'School', 'GovernmentOrganization', 'NewsMediaOrganization',
  'OnlineBusiness', 'OnlineStore', 'MedicalOrganization', 'DiagnosticLab', 'VeterinaryCare', 'SportsOrganization',
  'SportsTeam', 'PerformingGroup', 'DanceGroup', 'MusicGroup', 'TheaterGroup', 'Airline', 'Consortium',
  'LibrarySystem', 'ResearchOrganization', 'WorkersUnion', 'PoliticalParty', 'Cooperative', 'FundingScheme',
  'Project', 'ResearchProject', 'FundingAgency', 'SearchRescueOrganization',
];

export const WEBSITE_TYPES: readonly string[] = ['WebSite'];

const FAMILIES = {
  Article: ARTICLE_TYPES,
  LocalBusiness: LOCAL_BUSINESS_TYPES,
  Organization: [...ORGANIZATION_TYPES, ...LOCAL_BUSINESS_TYPES],
  WebSite: WEBSITE_TYPES,
} as const;

export type SchemaFamily = keyof typeof FAMILIES;

const FAMILY_SETS = new Map<SchemaFamily, ReadonlySet<string>>(
  (Object.keys(FAMILIES) as SchemaFamily[]).map((k) => [k, new Set(FAMILIES[k])]),
);

/** True when `type` (a local schema.org name) is `family` or one of its listed subtypes. */
export function isInFamily(type: string, family: SchemaFamily): boolean {
  return FAMILY_SETS.get(family)!.has(type);
}

/** True when any of the entity's types belongs to the family. */
export function hasFamily(types: readonly string[], family: SchemaFamily): boolean {
  return types.some((t) => isInFamily(t, family));
}

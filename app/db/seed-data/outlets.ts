import type { OutletCategory, OutletKind } from "../schema/enums";

export type SeedOutlet = {
  kind: OutletKind;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  lat: number;
  lng: number;
  phone: string;
  openDays: number[];
  opensAt: string;
  closesAt: string;
  categories: OutletCategory[];
};

type OutletPlace = Omit<SeedOutlet, "kind" | "openDays" | "opensAt" | "closesAt" | "categories"> & {
  categories?: OutletCategory[];
};

const everyCategory: OutletCategory[] = ["car", "bike", "inverter"];

/** Shops open Monday to Saturday, 9:30 am to 8 pm. */
const dealer = ({ categories = everyCategory, ...o }: OutletPlace): SeedOutlet => ({
  ...o,
  kind: "dealer",
  openDays: [1, 2, 3, 4, 5, 6],
  opensAt: "09:30",
  closesAt: "20:00",
  categories,
});
/** Service centres work every day but Sunday, 9 am to 7 pm. */
const centre = ({ categories = everyCategory, ...o }: OutletPlace): SeedOutlet => ({
  ...o,
  kind: "service_centre",
  openDays: [1, 2, 3, 4, 5, 6],
  opensAt: "09:00",
  closesAt: "19:00",
  categories,
});

/** Demo dealers and service centres across Indian cities. */
export const seedOutlets: SeedOutlet[] = [
  dealer({
    name: "Shree Ambika Battery House",
    address: "Shop 4, Sahjanand Complex, C G Road, Navrangpura",
    city: "Ahmedabad",
    state: "Gujarat",
    pincode: "380009",
    lat: 23.0365,
    lng: 72.5611,
    phone: "+91 98250 41122",
  }),
  dealer({
    name: "Maninagar Auto Electricals",
    categories: ["car", "bike"],
    address: "12 Jawahar Chowk, Maninagar",
    city: "Ahmedabad",
    state: "Gujarat",
    pincode: "380008",
    lat: 22.9962,
    lng: 72.6033,
    phone: "+91 98795 20314",
  }),
  dealer({
    name: "Andheri Power Point",
    address: "Unit 7, Marol Naka, Andheri-Kurla Road, Andheri East",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400059",
    lat: 19.1136,
    lng: 72.8797,
    phone: "+91 98200 77451",
  }),
  dealer({
    name: "Dadar Battery Centre",
    categories: ["inverter"],
    address: "88 Gokhale Road North, Dadar West",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400028",
    lat: 19.0213,
    lng: 72.8397,
    phone: "+91 98191 33820",
  }),
  dealer({
    name: "Karol Bagh Batteries",
    address: "16/28 Ajmal Khan Road, Karol Bagh",
    city: "New Delhi",
    state: "Delhi",
    pincode: "110005",
    lat: 28.6519,
    lng: 77.1909,
    phone: "+91 98110 62239",
  }),
  dealer({
    name: "Lajpat Auto Power",
    categories: ["car", "bike"],
    address: "I-41 Central Market, Lajpat Nagar II",
    city: "New Delhi",
    state: "Delhi",
    pincode: "110024",
    lat: 28.5677,
    lng: 77.2433,
    phone: "+91 98731 18420",
  }),
  dealer({
    name: "Koramangala Energy Store",
    address: "No. 54, 80 Feet Road, 4th Block, Koramangala",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560034",
    lat: 12.9352,
    lng: 77.6245,
    phone: "+91 98450 91736",
  }),
  dealer({
    name: "Yeshwanthpur Battery Mart",
    categories: ["bike", "inverter"],
    address: "22 Tumkur Road, Yeshwanthpur",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560022",
    lat: 13.028,
    lng: 77.5409,
    phone: "+91 99860 24517",
  }),
  dealer({
    name: "T Nagar Auto Batteries",
    address: "31 Usman Road, T Nagar",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600017",
    lat: 13.0418,
    lng: 80.2341,
    phone: "+91 98410 55863",
  }),
  dealer({
    name: "Shivajinagar Power House",
    address: "1204 Jangli Maharaj Road, Shivajinagar",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411005",
    lat: 18.5308,
    lng: 73.8475,
    phone: "+91 98220 48391",
  }),
  dealer({
    name: "Ameerpet Battery World",
    categories: ["car", "inverter"],
    address: "7-1-24 Ameerpet Main Road",
    city: "Hyderabad",
    state: "Telangana",
    pincode: "500016",
    lat: 17.4375,
    lng: 78.4482,
    phone: "+91 98480 37215",
  }),
  dealer({
    name: "MI Road Battery Bazaar",
    address: "45 Mirza Ismail Road, near Ajmeri Gate",
    city: "Jaipur",
    state: "Rajasthan",
    pincode: "302001",
    lat: 26.9157,
    lng: 75.8123,
    phone: "+91 98290 64108",
  }),
  dealer({
    name: "Park Street Auto Electric",
    address: "19 Park Street, Mullick Bazar",
    city: "Kolkata",
    state: "West Bengal",
    pincode: "700016",
    lat: 22.5535,
    lng: 88.3525,
    phone: "+91 98300 29574",
  }),
  centre({
    name: "UrjaCell Service Centre Satellite",
    address: "Ground Floor, Shivalik Plaza, Satellite Road",
    city: "Ahmedabad",
    state: "Gujarat",
    pincode: "380015",
    lat: 23.0266,
    lng: 72.5264,
    phone: "+91 79 4000 2101",
  }),
  centre({
    name: "UrjaCell Service Centre Andheri",
    address: "Shop 3, Chakala Industrial Estate, Andheri East",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400093",
    lat: 19.1118,
    lng: 72.8655,
    phone: "+91 22 4000 2102",
  }),
  centre({
    name: "UrjaCell Service Centre Okhla",
    categories: ["car", "bike"],
    address: "B-61 Okhla Industrial Area Phase I",
    city: "New Delhi",
    state: "Delhi",
    pincode: "110020",
    lat: 28.5355,
    lng: 77.2732,
    phone: "+91 11 4000 2103",
  }),
  centre({
    name: "UrjaCell Service Centre Whitefield",
    address: "14 EPIP Zone, Whitefield",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560066",
    lat: 12.9698,
    lng: 77.7499,
    phone: "+91 80 4000 2104",
  }),
  centre({
    name: "UrjaCell Service Centre Guindy",
    address: "Plot 8, SIDCO Industrial Estate, Guindy",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600032",
    lat: 13.0067,
    lng: 80.2206,
    phone: "+91 44 4000 2105",
  }),
  centre({
    name: "UrjaCell Service Centre Hadapsar",
    categories: ["car", "inverter"],
    address: "Survey 152, Magarpatta Road, Hadapsar",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411028",
    lat: 18.5089,
    lng: 73.926,
    phone: "+91 20 4000 2106",
  }),
  centre({
    name: "UrjaCell Service Centre Gachibowli",
    address: "3-59 Old Mumbai Highway, Gachibowli",
    city: "Hyderabad",
    state: "Telangana",
    pincode: "500032",
    lat: 17.4401,
    lng: 78.3489,
    phone: "+91 40 4000 2107",
  }),
  centre({
    name: "UrjaCell Service Centre Salt Lake",
    address: "EP Block, Sector V, Salt Lake",
    city: "Kolkata",
    state: "West Bengal",
    pincode: "700091",
    lat: 22.5726,
    lng: 88.4319,
    phone: "+91 33 4000 2108",
  }),
];

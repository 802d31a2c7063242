import type { FuelType, VehicleType } from "../schema/enums";

type Line = {
  type: VehicleType;
  make: string;
  model: string;
  /** The years it was sold in India, from 2010 on; "now" is the current year when seeding. */
  years: [from: number, to: number | "now"][];
  /** Per fuel type: the recommended battery model first, alternatives after. */
  fits: Partial<Record<FuelType, string[]>>;
};

/** Popular Indian cars and two-wheelers with the batteries that fit them. */
const lines: Line[] = [
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Alto K10",
    // Sold 2010 to 2020, and again since the new model of 2022.
    years: [
      [2010, 2020],
      [2022, "now"],
    ],
    fits: { Petrol: ["DRIVE-35L"], CNG: ["DRIVE-35L", "DRIVE-40L"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Wagon R",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-35L", "DRIVE-40L"], CNG: ["DRIVE-35L"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Swift",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-40L", "DRIVE-45L"], CNG: ["DRIVE-40L"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Dzire",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-40L", "DRIVE-45L"], CNG: ["DRIVE-40L"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Baleno",
    years: [[2015, "now"]],
    fits: { Petrol: ["DRIVE-45L", "DRIVE-EFB60"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Ertiga",
    years: [[2012, "now"]],
    fits: { Petrol: ["DRIVE-45L", "DRIVE-55L"], CNG: ["DRIVE-45L"] },
  },
  {
    type: "car",
    make: "Maruti Suzuki",
    model: "Brezza",
    years: [[2016, "now"]],
    fits: { Petrol: ["DRIVE-55L", "DRIVE-EFB60"] },
  },
  {
    type: "car",
    make: "Hyundai",
    model: "Grand i10 Nios",
    years: [[2019, "now"]],
    fits: { Petrol: ["DRIVE-35L", "DRIVE-40L"], CNG: ["DRIVE-35L"] },
  },
  {
    type: "car",
    make: "Hyundai",
    model: "i20",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-45L"], Diesel: ["DRIVE-60L"] },
  },
  {
    type: "car",
    make: "Hyundai",
    model: "Venue",
    years: [[2019, "now"]],
    fits: { Petrol: ["DRIVE-45L", "DRIVE-55L"], Diesel: ["DRIVE-60L"] },
  },
  {
    type: "car",
    make: "Hyundai",
    model: "Creta",
    years: [[2015, "now"]],
    fits: { Petrol: ["DRIVE-55L"], Diesel: ["DRIVE-65R", "DRIVE-75L"] },
  },
  {
    type: "car",
    make: "Hyundai",
    model: "Verna",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-50R"], Diesel: ["DRIVE-65R"] },
  },
  {
    type: "car",
    make: "Tata",
    model: "Tiago",
    years: [[2016, "now"]],
    fits: { Petrol: ["DRIVE-35L"], CNG: ["DRIVE-35L", "DRIVE-40L"] },
  },
  {
    type: "car",
    make: "Tata",
    model: "Altroz",
    years: [[2020, "now"]],
    fits: { Petrol: ["DRIVE-40L"], Diesel: ["DRIVE-60L"] },
  },
  {
    type: "car",
    make: "Tata",
    model: "Punch",
    years: [[2021, "now"]],
    fits: { Petrol: ["DRIVE-40L", "DRIVE-45L"] },
  },
  {
    type: "car",
    make: "Tata",
    model: "Nexon",
    years: [[2017, "now"]],
    fits: { Petrol: ["DRIVE-45L"], Diesel: ["DRIVE-60L", "DRIVE-65R"], Electric: ["DRIVE-35L"] },
  },
  {
    type: "car",
    make: "Tata",
    model: "Harrier",
    years: [[2019, "now"]],
    fits: { Diesel: ["DRIVE-80D", "DRIVE-90D"] },
  },
  {
    type: "car",
    make: "Mahindra",
    model: "Bolero",
    years: [[2010, "now"]],
    fits: { Diesel: ["DRIVE-65R", "DRIVE-75L"] },
  },
  {
    type: "car",
    make: "Mahindra",
    model: "Thar",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-65R"], Diesel: ["DRIVE-75L"] },
  },
  {
    type: "car",
    make: "Mahindra",
    model: "Scorpio-N",
    years: [[2022, "now"]],
    fits: { Petrol: ["DRIVE-75L"], Diesel: ["DRIVE-80D", "DRIVE-90D"] },
  },
  {
    type: "car",
    make: "Mahindra",
    model: "XUV700",
    years: [[2021, "now"]],
    fits: { Petrol: ["DRIVE-75L"], Diesel: ["DRIVE-80D"] },
  },
  {
    type: "car",
    make: "Honda",
    model: "City",
    years: [[2010, "now"]],
    fits: { Petrol: ["DRIVE-40R", "DRIVE-50R"], Hybrid: ["DRIVE-40R"] },
  },
  {
    type: "car",
    make: "Honda",
    model: "Amaze",
    years: [[2013, "now"]],
    fits: { Petrol: ["DRIVE-35L", "DRIVE-40R"], Diesel: ["DRIVE-50R"] },
  },
  {
    type: "car",
    make: "Toyota",
    model: "Glanza",
    years: [[2019, "now"]],
    fits: { Petrol: ["DRIVE-45L"], CNG: ["DRIVE-45L"] },
  },
  {
    type: "car",
    make: "Toyota",
    model: "Innova Crysta",
    years: [[2016, "now"]],
    fits: { Petrol: ["DRIVE-65R"], Diesel: ["DRIVE-80D", "DRIVE-90D"] },
  },
  {
    type: "car",
    make: "Toyota",
    model: "Fortuner",
    years: [[2010, "now"]],
    fits: { Diesel: ["DRIVE-90D"] },
  },
  {
    type: "car",
    make: "Kia",
    model: "Sonet",
    years: [[2020, "now"]],
    fits: { Petrol: ["DRIVE-45L"], Diesel: ["DRIVE-60L"] },
  },
  {
    type: "car",
    make: "Kia",
    model: "Seltos",
    years: [[2019, "now"]],
    fits: { Petrol: ["DRIVE-55L"], Diesel: ["DRIVE-65R", "DRIVE-75L"] },
  },
  {
    type: "car",
    make: "Renault",
    model: "Kwid",
    years: [[2015, "now"]],
    fits: { Petrol: ["DRIVE-35L"] },
  },
  {
    type: "bike",
    make: "Hero",
    model: "Splendor Plus",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-3S", "RIDE-4S"] },
  },
  {
    type: "bike",
    make: "Hero",
    model: "HF Deluxe",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-3S"] },
  },
  {
    type: "bike",
    make: "Honda",
    model: "Activa 6G",
    years: [[2020, "now"]],
    fits: { Petrol: ["RIDE-3S", "RIDE-4S"] },
  },
  {
    type: "bike",
    make: "Honda",
    model: "Shine",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-4S"] },
  },
  {
    type: "bike",
    make: "Bajaj",
    model: "Pulsar 150",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-5L", "RIDE-7L"] },
  },
  {
    type: "bike",
    make: "Bajaj",
    model: "Platina 110",
    years: [[2019, "now"]],
    fits: { Petrol: ["RIDE-3S"] },
  },
  {
    type: "bike",
    make: "TVS",
    model: "Jupiter",
    years: [[2013, "now"]],
    fits: { Petrol: ["RIDE-4S"] },
  },
  {
    type: "bike",
    make: "TVS",
    model: "Apache RTR 160",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-5L"] },
  },
  {
    type: "bike",
    make: "Royal Enfield",
    model: "Classic 350",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-9B", "RIDE-14R"] },
  },
  {
    type: "bike",
    make: "Royal Enfield",
    model: "Bullet 350",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-9B"] },
  },
  {
    type: "bike",
    make: "Yamaha",
    model: "FZ-S",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-5L"] },
  },
  {
    type: "bike",
    make: "Yamaha",
    model: "R15 V4",
    years: [[2021, "now"]],
    fits: { Petrol: ["RIDE-7L"] },
  },
  {
    type: "bike",
    make: "Suzuki",
    model: "Access 125",
    years: [[2010, "now"]],
    fits: { Petrol: ["RIDE-4S"] },
  },
  {
    type: "bike",
    make: "KTM",
    model: "Duke 200",
    years: [[2012, "now"]],
    fits: { Petrol: ["RIDE-7L", "RIDE-14R"] },
  },
];

export type SeedVehicle = {
  vehicleType: VehicleType;
  make: string;
  model: string;
  year: number;
  fuelType: FuelType;
  batteries: string[];
};

/** Every vehicle of every line, one per year it was sold up to `currentYear`, and fuel. */
export function seedVehicles(currentYear: number): SeedVehicle[] {
  return lines.flatMap((line) =>
    line.years.flatMap(([from, to]) => {
      const rows: SeedVehicle[] = [];
      const last = to === "now" ? currentYear : Math.min(to, currentYear);
      for (let year = from; year <= last; year++) {
        for (const [fuelType, batteries] of Object.entries(line.fits) as [FuelType, string[]][]) {
          rows.push({
            vehicleType: line.type,
            make: line.make,
            model: line.model,
            year,
            fuelType,
            batteries,
          });
        }
      }
      return rows;
    }),
  );
}

/**
 * The demo hotels, typed in: names (kept as typed: docs/product.md, Names as typed), where they
 * are, their street address, stars and the one line that makes each different. Descriptions are
 * completed from these facts by the plan (hotel-plan.ts).
 */

/** What surrounds a city: drawn behind its hotels in the generated pictures. */
export interface Scenery {
  mountains?: 'snow' | 'green' | 'dry' | 'colour';
  water?: 'sea' | 'lake' | 'river';
  skyline?: boolean;
  jungle?: boolean;
}

export interface CityInfo {
  state: string;
  department: string;
  city: string;
  scenery: Scenery;
  /** A short phrase about the setting, used in descriptions. */
  setting: string;
}

export type CityId =
  | 'caba-1'
  | 'caba-2'
  | 'caba-5'
  | 'caba-13'
  | 'caba-14'
  | 'caba-15'
  | 'cordoba'
  | 'carlos-paz'
  | 'rosario'
  | 'mendoza'
  | 'chacras'
  | 'bariloche'
  | 'salta'
  | 'mar-del-plata'
  | 'ushuaia'
  | 'neuquen'
  | 'san-martin-andes'
  | 'tucuman'
  | 'yerba-buena'
  | 'madryn'
  | 'calafate'
  | 'iguazu'
  | 'la-plata'
  | 'purmamarca';

const CABA = 'Ciudad Autónoma de Buenos Aires';
const caba = (comuna: number, setting: string): CityInfo => ({
  state: CABA,
  department: `Comuna ${comuna}`,
  city: 'Buenos Aires',
  scenery: { skyline: true },
  setting,
});

export const CITIES: Record<CityId, CityInfo> = {
  'caba-1': caba(1, 'a few blocks from the river and the old port'),
  'caba-2': caba(2, 'on the leafy avenues of Recoleta'),
  'caba-5': caba(5, 'in lively Almagro, next to the subway'),
  'caba-13': caba(13, 'in Belgrano, between the barrancas and the subway line D'),
  'caba-14': caba(14, 'in Palermo, surrounded by cafés and startup offices'),
  'caba-15': caba(15, 'in Villa Crespo, the neighbourhood of studios and outlets'),
  cordoba: {
    state: 'Córdoba',
    department: 'Capital',
    city: 'Córdoba',
    scenery: { skyline: true, mountains: 'green' },
    setting: 'in the heart of Córdoba, a short walk from the Cañada and the university',
  },
  'carlos-paz': {
    state: 'Córdoba',
    department: 'Punilla',
    city: 'Villa Carlos Paz',
    scenery: { mountains: 'green', water: 'lake' },
    setting: 'on the shore of lake San Roque, with the Punilla hills behind',
  },
  rosario: {
    state: 'Santa Fe',
    department: 'Rosario',
    city: 'Rosario',
    scenery: { skyline: true, water: 'river' },
    setting: 'in Rosario, close to the Paraná river promenade',
  },
  mendoza: {
    state: 'Mendoza',
    department: 'Capital',
    city: 'Mendoza',
    scenery: { mountains: 'snow', skyline: true },
    setting: 'in downtown Mendoza, with the Andes on the horizon',
  },
  chacras: {
    state: 'Mendoza',
    department: 'Luján de Cuyo',
    city: 'Chacras de Coria',
    scenery: { mountains: 'snow' },
    setting: 'among the vineyards of Chacras de Coria',
  },
  bariloche: {
    state: 'Río Negro',
    department: 'Bariloche',
    city: 'San Carlos de Bariloche',
    scenery: { mountains: 'snow', water: 'lake' },
    setting: 'facing lake Nahuel Huapi and the snow-capped Andes',
  },
  salta: {
    state: 'Salta',
    department: 'Capital',
    city: 'Salta',
    scenery: { mountains: 'green' },
    setting: 'in colonial Salta, at the foot of cerro San Bernardo',
  },
  'mar-del-plata': {
    state: 'Buenos Aires',
    department: 'General Pueyrredón',
    city: 'Mar del Plata',
    scenery: { water: 'sea', skyline: true },
    setting: 'on the Atlantic coast of Mar del Plata',
  },
  ushuaia: {
    state: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
    department: 'Ushuaia',
    city: 'Ushuaia',
    scenery: { mountains: 'snow', water: 'sea' },
    setting: 'between the Beagle Channel and the Martial range, at the end of the world',
  },
  neuquen: {
    state: 'Neuquén',
    department: 'Confluencia',
    city: 'Neuquén',
    scenery: { skyline: true, mountains: 'dry', water: 'river' },
    setting: 'in Neuquén, where the Limay and Neuquén rivers meet',
  },
  'san-martin-andes': {
    state: 'Neuquén',
    department: 'Lácar',
    city: 'San Martín de los Andes',
    scenery: { mountains: 'green', water: 'lake' },
    setting: 'by lake Lácar, between forests and the Andes',
  },
  tucuman: {
    state: 'Tucumán',
    department: 'Capital',
    city: 'San Miguel de Tucumán',
    scenery: { skyline: true, mountains: 'green' },
    setting: 'in San Miguel de Tucumán, the Garden of the Republic',
  },
  'yerba-buena': {
    state: 'Tucumán',
    department: 'Yerba Buena',
    city: 'Yerba Buena',
    scenery: { mountains: 'green' },
    setting: 'at the foot of the Aconquija hills in Yerba Buena',
  },
  madryn: {
    state: 'Chubut',
    department: 'Biedma',
    city: 'Puerto Madryn',
    scenery: { water: 'sea', mountains: 'dry' },
    setting: 'on the Golfo Nuevo bay, where the southern right whales come every winter',
  },
  calafate: {
    state: 'Santa Cruz',
    department: 'Lago Argentino',
    city: 'El Calafate',
    scenery: { mountains: 'snow', water: 'lake' },
    setting: 'on lake Argentino, gateway to the Perito Moreno glacier',
  },
  iguazu: {
    state: 'Misiones',
    department: 'Iguazú',
    city: 'Puerto Iguazú',
    scenery: { jungle: true, water: 'river' },
    setting: 'in the subtropical forest of Puerto Iguazú, near the falls',
  },
  'la-plata': {
    state: 'Buenos Aires',
    department: 'La Plata',
    city: 'La Plata',
    scenery: { skyline: true },
    setting: 'in La Plata, the city of diagonals, next to the university',
  },
  purmamarca: {
    state: 'Jujuy',
    department: 'Tumbaya',
    city: 'Purmamarca',
    scenery: { mountains: 'colour' },
    setting: 'under the Hill of Seven Colours in the Quebrada de Humahuaca',
  },
};

/** How a hotel looks in its pictures. */
export type BuildingStyle = 'tower' | 'classic' | 'lodge' | 'modern' | 'hostel';

export interface HotelSeed {
  name: string;
  city: CityId;
  address: string;
  qualification: 1 | 2 | 3 | 4 | 5;
  style: BuildingStyle;
  /** The line that makes this hotel itself. */
  hook: string;
}

export const HOTELS: readonly HotelSeed[] = [
  // Buenos Aires
  {
    name: 'Palermo Commit Suites',
    city: 'caba-14',
    address: 'Gorriti 4820',
    qualification: 4,
    style: 'modern',
    hook: 'A converted textile workshop turned into suites for remote teams, with a rooftop deck that doubles as a demo-day venue.',
  },
  {
    name: 'Hotel Puerto Madero Stack',
    city: 'caba-1',
    address: 'Av. Alicia Moreau de Justo 1050',
    qualification: 5,
    style: 'tower',
    hook: 'A glass tower on the docks with river views from every desk and a conference floor that hosts the city’s biggest tech events.',
  },
  {
    name: 'Recoleta Kernel Hotel',
    city: 'caba-2',
    address: 'Av. Callao 1720',
    qualification: 5,
    style: 'classic',
    hook: 'A French-style palace from 1910, rewired from the cellar to the mansard for people who ship code from their room.',
  },
  {
    name: 'San Telmo Hostel 404',
    city: 'caba-1',
    address: 'Defensa 1023',
    qualification: 2,
    style: 'hostel',
    hook: 'A cobblestone-street hostel where the page you were looking for is a bunk bed, a locker and a very fast connection.',
  },
  {
    name: 'Belgrano Deploy Apart',
    city: 'caba-13',
    address: 'Av. Cabildo 2240',
    qualification: 3,
    style: 'modern',
    hook: 'Apartment-hotel units with a kitchenette and a proper desk, for consultants staying a few weeks.',
  },
  {
    name: 'Hotel Villa Crespo Loop',
    city: 'caba-15',
    address: 'Av. Corrientes 5340',
    qualification: 3,
    style: 'modern',
    hook: 'A small design hotel above a specialty coffee roaster, popular with hackathon crowds.',
  },
  {
    name: 'Almagro Refactor Inn',
    city: 'caba-5',
    address: 'Av. Rivadavia 3960',
    qualification: 3,
    style: 'classic',
    hook: 'A 1930s building refactored room by room, keeping the tiles and replacing everything with a cable.',
  },
  // Córdoba
  {
    name: 'Hotel Cañada Async',
    city: 'cordoba',
    address: 'Bv. San Juan 340',
    qualification: 4,
    style: 'tower',
    hook: 'A modern tower by La Cañada, favourite base of the teams that come to Córdoba’s software cluster.',
  },
  {
    name: 'Nueva Córdoba DevHouse',
    city: 'cordoba',
    address: 'Av. Hipólito Yrigoyen 520',
    qualification: 3,
    style: 'modern',
    hook: 'A student-district hotel with long tables, whiteboard walls and a community of meetup regulars.',
  },
  {
    name: 'Güemes Pixel Hotel',
    city: 'cordoba',
    address: 'Belgrano 780',
    qualification: 3,
    style: 'classic',
    hook: 'A restored house in the Güemes design quarter, with studios for designers and front-end developers.',
  },
  {
    name: 'Cerro de las Rosas Tech Suites',
    city: 'cordoba',
    address: 'Av. Rafael Núñez 4250',
    qualification: 4,
    style: 'modern',
    hook: 'Quiet suites in a residential hillside district, built for long focused days and calls across time zones.',
  },
  {
    name: 'Lodge Lago San Roque',
    city: 'carlos-paz',
    address: 'Av. San Martín 1450',
    qualification: 3,
    style: 'lodge',
    hook: 'A lakeside lodge where team offsites plan the quarter in the morning and kayak in the afternoon.',
  },
  // Rosario
  {
    name: 'Hotel Oroño Runtime',
    city: 'rosario',
    address: 'Bv. Oroño 1150',
    qualification: 4,
    style: 'classic',
    hook: 'A boulevard mansion with a modern annex, steps from the river and from Rosario’s tech companies.',
  },
  {
    name: 'Costanera Compiler Hotel',
    city: 'rosario',
    address: 'Av. Estanislao López 2100',
    qualification: 5,
    style: 'tower',
    hook: 'A riverside tower with panoramic meeting rooms above the Paraná and the islands.',
  },
  {
    name: 'Pichincha Open Source Hostel',
    city: 'rosario',
    address: 'Jujuy 1950',
    qualification: 2,
    style: 'hostel',
    hook: 'A community hostel in the Pichincha district where guests leave their side projects on the shared wall.',
  },
  {
    name: 'Monumento Stack Hotel',
    city: 'rosario',
    address: 'Córdoba 1450',
    qualification: 3,
    style: 'modern',
    hook: 'A practical city hotel near the Flag Memorial, with fast rooms and an honest breakfast.',
  },
  // Mendoza
  {
    name: 'Hotel Aconcagua Bytes',
    city: 'mendoza',
    address: 'Av. Emilio Civit 450',
    qualification: 4,
    style: 'classic',
    hook: 'A hotel on the grandest avenue of Mendoza, with an Andes-view terrace for sunset retrospectives.',
  },
  {
    name: 'Malbec Merge Suites',
    city: 'mendoza',
    address: 'Sarmiento 735',
    qualification: 3,
    style: 'modern',
    hook: 'Downtown suites with a wine bar where code reviews end with a tasting of local malbec.',
  },
  {
    name: 'Independencia Cloud Hotel',
    city: 'mendoza',
    address: 'Chile 1124',
    qualification: 4,
    style: 'tower',
    hook: 'A tower facing plaza Independencia with a full conference floor and redundant uplinks.',
  },
  {
    name: 'Viñedo Debug Lodge',
    city: 'chacras',
    address: 'Viamonte 4950',
    qualification: 5,
    style: 'lodge',
    hook: 'A boutique lodge among vineyards, for retreats that need silence, good wine and a 1 Gbps line.',
  },
  // Bariloche
  {
    name: 'Hotel Cumbre del Código',
    city: 'bariloche',
    address: 'Av. Exequiel Bustillo km 8.5',
    qualification: 5,
    style: 'lodge',
    hook: 'A stone-and-wood mountain hotel on the lake road, built for deep work between ski runs.',
  },
  {
    name: 'Nahuel Huapi Remote Lodge',
    city: 'bariloche',
    address: 'Av. Juan Manuel de Rosas 420',
    qualification: 4,
    style: 'lodge',
    hook: 'A lakefront lodge designed for remote workers staying a month or more.',
  },
  {
    name: 'Cabañas Cerro Otto',
    city: 'bariloche',
    address: 'Av. de los Pioneros 3850',
    qualification: 3,
    style: 'lodge',
    hook: 'Wooden cabins in the forest, each with a wood stove, a desk by the window and mesh wifi.',
  },
  {
    name: 'Hostel 128 Bits',
    city: 'bariloche',
    address: 'Mitre 685',
    qualification: 2,
    style: 'hostel',
    hook: 'A friendly downtown hostel for backpacking developers, with a chocolate shop next door.',
  },
  // Salta
  {
    name: 'Hotel Balcarce Bytecode',
    city: 'salta',
    address: 'Balcarce 865',
    qualification: 3,
    style: 'classic',
    hook: 'A colonial-style hotel on the street of peñas, quiet at work hours and musical at night.',
  },
  {
    name: 'Cerro San Bernardo Suites',
    city: 'salta',
    address: 'Av. Virrey Toledo 702',
    qualification: 4,
    style: 'modern',
    hook: 'Suites with views of the hill and the cable car, favourite of the northern data community.',
  },
  {
    name: 'Casona Colonial Dev Inn',
    city: 'salta',
    address: 'Caseros 460',
    qualification: 3,
    style: 'classic',
    hook: 'A courtyard house near the cathedral where the patio is the coworking space.',
  },
  // Mar del Plata
  {
    name: 'Hotel Playa Grande Ping',
    city: 'mar-del-plata',
    address: 'Bv. Marítimo Patricio Peralta Ramos 4850',
    qualification: 4,
    style: 'tower',
    hook: 'A beachfront hotel where the lowest latency is between your desk and the sea.',
  },
  {
    name: 'Torreón Stack Hotel',
    city: 'mar-del-plata',
    address: 'Bv. Marítimo Patricio Peralta Ramos 2300',
    qualification: 4,
    style: 'classic',
    hook: 'A classic seafront building by the Torreón, with sea-view meeting rooms.',
  },
  {
    name: 'Güemes Surf & Code Hostel',
    city: 'mar-del-plata',
    address: 'Güemes 2740',
    qualification: 2,
    style: 'hostel',
    hook: 'A hostel for developers who surf before stand-up, with board storage and a hot shower.',
  },
  // Ushuaia
  {
    name: 'Hotel Fin del Mundo Uptime',
    city: 'ushuaia',
    address: 'Av. Maipú 1250',
    qualification: 4,
    style: 'modern',
    hook: 'The southernmost coworking hotel, on the bay, with heated desks facing the Beagle Channel.',
  },
  {
    name: 'Beagle Channel Lodge',
    city: 'ushuaia',
    address: 'Gobernador Paz 1080',
    qualification: 3,
    style: 'lodge',
    hook: 'A warm wooden lodge up the hill, for long winter sprints with the best light in the world.',
  },
  {
    name: 'Suites Glaciar Martial',
    city: 'ushuaia',
    address: 'Luis Fernando Martial 1560',
    qualification: 5,
    style: 'lodge',
    hook: 'Design suites on the road to the Martial glacier, with floor-to-ceiling windows and total silence.',
  },
  // Neuquén
  {
    name: 'Hotel Confluencia Cluster',
    city: 'neuquen',
    address: 'Av. Argentina 345',
    qualification: 4,
    style: 'tower',
    hook: 'A business tower for the energy-tech teams of the Vaca Muerta basin.',
  },
  {
    name: 'Alto Valle DevHub',
    city: 'neuquen',
    address: 'Juan B. Justo 520',
    qualification: 3,
    style: 'modern',
    hook: 'A compact hotel with a large makerspace, a 3D printer and an electronics bench.',
  },
  {
    name: 'Hostería Lago Lácar',
    city: 'san-martin-andes',
    address: 'Av. San Martín 1060',
    qualification: 4,
    style: 'lodge',
    hook: 'A mountain inn by the lake, for retreats where the only notifications are birds.',
  },
  // Tucumán
  {
    name: 'Hotel Casa Histórica Devs',
    city: 'tucuman',
    address: 'Congreso 215',
    qualification: 3,
    style: 'classic',
    hook: 'A hotel a few steps from the Independence House, with a patio full of orange trees.',
  },
  {
    name: 'Suites Parque 9 de Julio',
    city: 'tucuman',
    address: 'Av. Soldati 380',
    qualification: 4,
    style: 'modern',
    hook: 'Suites facing the city’s largest park, for runners who also write code.',
  },
  {
    name: 'Aconquija Tech Lodge',
    city: 'yerba-buena',
    address: 'Av. Aconquija 1450',
    qualification: 4,
    style: 'lodge',
    hook: 'A green hillside lodge with a garden office and views of the Aconquija range.',
  },
  // Patagonia coast and the far north
  {
    name: 'Hotel Golfo Nuevo Streams',
    city: 'madryn',
    address: 'Bv. Almirante Brown 1380',
    qualification: 4,
    style: 'modern',
    hook: 'A bay-front hotel where you can spot whales from the standing desks in winter.',
  },
  {
    name: 'Ballena Franca Coders Inn',
    city: 'madryn',
    address: '28 de Julio 160',
    qualification: 3,
    style: 'classic',
    hook: 'A family-run inn with a garden workspace, a block from the sea.',
  },
  {
    name: 'Glaciar Perito Moreno Retreat',
    city: 'calafate',
    address: 'Av. del Libertador 1150',
    qualification: 5,
    style: 'lodge',
    hook: 'A retreat on lake Argentino for leadership offsites, with satellite backup for the uplink.',
  },
  {
    name: 'Lodge Cataratas Async',
    city: 'iguazu',
    address: 'Av. Victoria Aguirre 915',
    qualification: 4,
    style: 'lodge',
    hook: 'A jungle lodge near the falls, with an air-conditioned coworking deck and hammocks for breaks.',
  },
  {
    name: 'Hotel Diagonales & Datos',
    city: 'la-plata',
    address: 'Calle 51 742',
    qualification: 3,
    style: 'classic',
    hook: 'A university-district hotel for visiting researchers, data scientists and thesis sprints.',
  },
  {
    name: 'Hostería Siete Colores',
    city: 'purmamarca',
    address: 'Rivadavia 140',
    qualification: 4,
    style: 'lodge',
    hook: 'An adobe inn under the Hill of Seven Colours, for focused writing weeks and stargazing.',
  },
];

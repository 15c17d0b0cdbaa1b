/**
 * Argentina's location hierarchy as the pickers cascade over it: provinces (state) →
 * departamentos, or partidos in Buenos Aires and comunas in the Autonomous City (department) →
 * cities and towns (city). Names are the official ones, accents included. Not every department
 * of every province is listed: all 23 provinces and the Autonomous City are, with a
 * representative set of departments (more where the demo hotels are) and their main towns.
 */

interface Department {
  name: string;
  cities: readonly string[];
}

interface Province {
  state: string;
  departments: readonly Department[];
}

const ARGENTINA: readonly Province[] = [
  {
    state: 'Ciudad Autónoma de Buenos Aires',
    departments: [
      { name: 'Comuna 1', cities: ['Buenos Aires'] },
      { name: 'Comuna 2', cities: ['Buenos Aires'] },
      { name: 'Comuna 3', cities: ['Buenos Aires'] },
      { name: 'Comuna 5', cities: ['Buenos Aires'] },
      { name: 'Comuna 6', cities: ['Buenos Aires'] },
      { name: 'Comuna 13', cities: ['Buenos Aires'] },
      { name: 'Comuna 14', cities: ['Buenos Aires'] },
      { name: 'Comuna 15', cities: ['Buenos Aires'] },
    ],
  },
  {
    state: 'Buenos Aires',
    departments: [
      { name: 'La Plata', cities: ['La Plata', 'City Bell', 'Manuel B. Gonnet'] },
      { name: 'General Pueyrredón', cities: ['Mar del Plata', 'Batán'] },
      { name: 'Bahía Blanca', cities: ['Bahía Blanca', 'Ingeniero White'] },
      { name: 'Tandil', cities: ['Tandil'] },
      { name: 'Pinamar', cities: ['Pinamar', 'Cariló', 'Valeria del Mar', 'Ostende'] },
      { name: 'Villa Gesell', cities: ['Villa Gesell', 'Mar de las Pampas'] },
      { name: 'La Costa', cities: ['San Clemente del Tuyú', 'Santa Teresita', 'Mar de Ajó'] },
      { name: 'Necochea', cities: ['Necochea', 'Quequén'] },
      { name: 'Tigre', cities: ['Tigre', 'Don Torcuato', 'Benavídez'] },
      { name: 'San Isidro', cities: ['San Isidro', 'Martínez', 'Acassuso', 'Béccar'] },
      { name: 'Vicente López', cities: ['Olivos', 'Florida', 'Munro', 'Vicente López'] },
      { name: 'Pilar', cities: ['Pilar', 'Del Viso'] },
      { name: 'Luján', cities: ['Luján'] },
      { name: 'Morón', cities: ['Morón', 'Castelar', 'Haedo'] },
      { name: 'Olavarría', cities: ['Olavarría'] },
      { name: 'Junín', cities: ['Junín'] },
    ],
  },
  {
    state: 'Catamarca',
    departments: [
      { name: 'Capital', cities: ['San Fernando del Valle de Catamarca'] },
      { name: 'Valle Viejo', cities: ['San Isidro'] },
      { name: 'Belén', cities: ['Belén'] },
      { name: 'Tinogasta', cities: ['Tinogasta', 'Fiambalá'] },
      { name: 'Andalgalá', cities: ['Andalgalá'] },
    ],
  },
  {
    state: 'Chaco',
    departments: [
      {
        name: 'San Fernando',
        cities: ['Resistencia', 'Barranqueras', 'Fontana', 'Puerto Vilelas'],
      },
      { name: 'Comandante Fernández', cities: ['Presidencia Roque Sáenz Peña'] },
      { name: 'General Güemes', cities: ['Juan José Castelli'] },
      { name: 'Libertador General San Martín', cities: ['General José de San Martín'] },
    ],
  },
  {
    state: 'Chubut',
    departments: [
      { name: 'Biedma', cities: ['Puerto Madryn', 'Puerto Pirámides'] },
      { name: 'Rawson', cities: ['Rawson', 'Trelew', 'Playa Unión'] },
      { name: 'Escalante', cities: ['Comodoro Rivadavia', 'Rada Tilly'] },
      { name: 'Futaleufú', cities: ['Esquel', 'Trevelin'] },
      { name: 'Gaiman', cities: ['Gaiman', 'Dolavon'] },
      { name: 'Cushamen', cities: ['Lago Puelo', 'El Hoyo', 'El Maitén'] },
    ],
  },
  {
    state: 'Córdoba',
    departments: [
      { name: 'Capital', cities: ['Córdoba'] },
      {
        name: 'Punilla',
        cities: ['Villa Carlos Paz', 'Cosquín', 'La Falda', 'La Cumbre', 'Capilla del Monte'],
      },
      { name: 'Santa María', cities: ['Alta Gracia'] },
      { name: 'Colón', cities: ['Jesús María', 'Río Ceballos', 'Unquillo'] },
      {
        name: 'Calamuchita',
        cities: ['Villa General Belgrano', 'Santa Rosa de Calamuchita', 'Embalse'],
      },
      { name: 'San Alberto', cities: ['Mina Clavero', 'Villa Cura Brochero'] },
      { name: 'Río Cuarto', cities: ['Río Cuarto'] },
      { name: 'General San Martín', cities: ['Villa María'] },
      { name: 'San Justo', cities: ['San Francisco'] },
      { name: 'Tercero Arriba', cities: ['Río Tercero'] },
    ],
  },
  {
    state: 'Corrientes',
    departments: [
      { name: 'Capital', cities: ['Corrientes'] },
      { name: 'Goya', cities: ['Goya'] },
      { name: 'Paso de los Libres', cities: ['Paso de los Libres'] },
      { name: 'Santo Tomé', cities: ['Santo Tomé'] },
      { name: 'Ituzaingó', cities: ['Ituzaingó'] },
      { name: 'Mercedes', cities: ['Mercedes'] },
    ],
  },
  {
    state: 'Entre Ríos',
    departments: [
      { name: 'Paraná', cities: ['Paraná'] },
      { name: 'Concordia', cities: ['Concordia'] },
      { name: 'Gualeguaychú', cities: ['Gualeguaychú'] },
      { name: 'Colón', cities: ['Colón', 'San José', 'Villa Elisa'] },
      { name: 'Uruguay', cities: ['Concepción del Uruguay'] },
      { name: 'Federación', cities: ['Federación', 'Chajarí'] },
    ],
  },
  {
    state: 'Formosa',
    departments: [
      { name: 'Formosa', cities: ['Formosa'] },
      { name: 'Pilcomayo', cities: ['Clorinda'] },
      { name: 'Pirané', cities: ['Pirané'] },
      { name: 'Patiño', cities: ['Las Lomitas'] },
    ],
  },
  {
    state: 'Jujuy',
    departments: [
      { name: 'Dr. Manuel Belgrano', cities: ['San Salvador de Jujuy', 'Yala'] },
      { name: 'Tumbaya', cities: ['Purmamarca', 'Volcán', 'Tumbaya'] },
      { name: 'Tilcara', cities: ['Tilcara', 'Maimará'] },
      { name: 'Humahuaca', cities: ['Humahuaca'] },
      { name: 'Palpalá', cities: ['Palpalá'] },
      { name: 'El Carmen', cities: ['El Carmen', 'Perico'] },
      { name: 'Ledesma', cities: ['Libertador General San Martín'] },
    ],
  },
  {
    state: 'La Pampa',
    departments: [
      { name: 'Capital', cities: ['Santa Rosa'] },
      { name: 'Toay', cities: ['Toay'] },
      { name: 'Maracó', cities: ['General Pico'] },
      { name: 'Utracán', cities: ['General Acha'] },
      { name: 'Conhelo', cities: ['Eduardo Castex'] },
    ],
  },
  {
    state: 'La Rioja',
    departments: [
      { name: 'Capital', cities: ['La Rioja'] },
      { name: 'Chilecito', cities: ['Chilecito'] },
      { name: 'Famatina', cities: ['Famatina'] },
      { name: 'Coronel Felipe Varela', cities: ['Villa Unión'] },
      { name: 'Arauco', cities: ['Aimogasta'] },
    ],
  },
  {
    state: 'Mendoza',
    departments: [
      { name: 'Capital', cities: ['Mendoza'] },
      { name: 'Godoy Cruz', cities: ['Godoy Cruz'] },
      { name: 'Guaymallén', cities: ['Villa Nueva'] },
      { name: 'Luján de Cuyo', cities: ['Luján de Cuyo', 'Chacras de Coria', 'Vistalba'] },
      { name: 'Maipú', cities: ['Maipú'] },
      { name: 'Las Heras', cities: ['Las Heras', 'Uspallata'] },
      { name: 'Tunuyán', cities: ['Tunuyán'] },
      { name: 'Tupungato', cities: ['Tupungato'] },
      { name: 'San Rafael', cities: ['San Rafael'] },
      { name: 'Malargüe', cities: ['Malargüe'] },
      { name: 'San Martín', cities: ['San Martín'] },
    ],
  },
  {
    state: 'Misiones',
    departments: [
      { name: 'Capital', cities: ['Posadas'] },
      { name: 'Iguazú', cities: ['Puerto Iguazú', 'Wanda', 'Puerto Esperanza'] },
      { name: 'Oberá', cities: ['Oberá'] },
      { name: 'Eldorado', cities: ['Eldorado'] },
      { name: 'San Ignacio', cities: ['San Ignacio', 'Jardín América'] },
      { name: 'Apóstoles', cities: ['Apóstoles'] },
    ],
  },
  {
    state: 'Neuquén',
    departments: [
      { name: 'Confluencia', cities: ['Neuquén', 'Plottier', 'Centenario', 'Cutral Có'] },
      { name: 'Lácar', cities: ['San Martín de los Andes'] },
      { name: 'Los Lagos', cities: ['Villa La Angostura', 'Villa Traful'] },
      { name: 'Huiliches', cities: ['Junín de los Andes'] },
      { name: 'Zapala', cities: ['Zapala'] },
      { name: 'Aluminé', cities: ['Aluminé'] },
      { name: 'Añelo', cities: ['Añelo'] },
      { name: 'Chos Malal', cities: ['Chos Malal'] },
    ],
  },
  {
    state: 'Río Negro',
    departments: [
      { name: 'Bariloche', cities: ['San Carlos de Bariloche', 'El Bolsón'] },
      { name: 'General Roca', cities: ['General Roca', 'Cipolletti', 'Villa Regina', 'Allen'] },
      { name: 'Adolfo Alsina', cities: ['Viedma'] },
      { name: 'San Antonio', cities: ['San Antonio Oeste', 'Las Grutas'] },
      { name: 'Avellaneda', cities: ['Choele Choel'] },
    ],
  },
  {
    state: 'Salta',
    departments: [
      { name: 'Capital', cities: ['Salta'] },
      { name: 'Cerrillos', cities: ['Cerrillos'] },
      { name: 'La Caldera', cities: ['La Caldera', 'Vaqueros'] },
      { name: 'Cafayate', cities: ['Cafayate'] },
      { name: 'Cachi', cities: ['Cachi'] },
      { name: 'Orán', cities: ['San Ramón de la Nueva Orán'] },
      { name: 'General Güemes', cities: ['General Güemes'] },
      { name: 'General José de San Martín', cities: ['Tartagal'] },
    ],
  },
  {
    state: 'San Juan',
    departments: [
      { name: 'Capital', cities: ['San Juan'] },
      { name: 'Rivadavia', cities: ['Rivadavia'] },
      { name: 'Rawson', cities: ['Villa Krause'] },
      { name: 'Calingasta', cities: ['Barreal', 'Calingasta'] },
      { name: 'Valle Fértil', cities: ['San Agustín del Valle Fértil'] },
      { name: 'Jáchal', cities: ['San José de Jáchal'] },
    ],
  },
  {
    state: 'San Luis',
    departments: [
      { name: 'Juan Martín de Pueyrredón', cities: ['San Luis', 'Juana Koslay', 'La Punta'] },
      { name: 'General Pedernera', cities: ['Villa Mercedes'] },
      { name: 'Junín', cities: ['Merlo', 'Santa Rosa del Conlara'] },
      { name: 'Coronel Pringles', cities: ['La Toma'] },
    ],
  },
  {
    state: 'Santa Cruz',
    departments: [
      { name: 'Lago Argentino', cities: ['El Calafate', 'El Chaltén'] },
      { name: 'Güer Aike', cities: ['Río Gallegos', 'Río Turbio', '28 de Noviembre'] },
      { name: 'Deseado', cities: ['Caleta Olivia', 'Puerto Deseado', 'Pico Truncado'] },
      { name: 'Lago Buenos Aires', cities: ['Perito Moreno', 'Los Antiguos'] },
      { name: 'Corpen Aike', cities: ['Puerto Santa Cruz', 'Comandante Luis Piedrabuena'] },
      { name: 'Magallanes', cities: ['Puerto San Julián'] },
    ],
  },
  {
    state: 'Santa Fe',
    departments: [
      {
        name: 'Rosario',
        cities: ['Rosario', 'Funes', 'Villa Gobernador Gálvez', 'Granadero Baigorria'],
      },
      { name: 'La Capital', cities: ['Santa Fe', 'Santo Tomé'] },
      { name: 'Castellanos', cities: ['Rafaela', 'Sunchales'] },
      { name: 'General López', cities: ['Venado Tuerto', 'Rufino'] },
      { name: 'Constitución', cities: ['Villa Constitución'] },
      { name: 'San Lorenzo', cities: ['San Lorenzo', 'Capitán Bermúdez'] },
      { name: 'General Obligado', cities: ['Reconquista', 'Avellaneda'] },
    ],
  },
  {
    state: 'Santiago del Estero',
    departments: [
      { name: 'Capital', cities: ['Santiago del Estero'] },
      { name: 'Banda', cities: ['La Banda'] },
      { name: 'Río Hondo', cities: ['Termas de Río Hondo'] },
      { name: 'Robles', cities: ['Fernández'] },
      { name: 'Moreno', cities: ['Quimilí'] },
    ],
  },
  {
    state: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
    departments: [
      { name: 'Ushuaia', cities: ['Ushuaia'] },
      { name: 'Río Grande', cities: ['Río Grande'] },
      { name: 'Tolhuin', cities: ['Tolhuin'] },
    ],
  },
  {
    state: 'Tucumán',
    departments: [
      { name: 'Capital', cities: ['San Miguel de Tucumán'] },
      { name: 'Yerba Buena', cities: ['Yerba Buena'] },
      { name: 'Tafí Viejo', cities: ['Tafí Viejo'] },
      { name: 'Tafí del Valle', cities: ['Tafí del Valle'] },
      { name: 'Cruz Alta', cities: ['Banda del Río Salí', 'Alderetes'] },
      { name: 'Lules', cities: ['Lules'] },
      { name: 'Famaillá', cities: ['Famaillá'] },
      { name: 'Monteros', cities: ['Monteros'] },
      { name: 'Chicligasta', cities: ['Concepción'] },
    ],
  },
];

export interface LocationRow {
  state: string;
  department: string;
  city: string;
}

/** One row per city, in the order above (the order of the ids the seed gives them). */
export function locationRows(): LocationRow[] {
  return ARGENTINA.flatMap((p) =>
    p.departments.flatMap((d) =>
      d.cities.map((city) => ({ state: p.state, department: d.name, city })),
    ),
  );
}
